import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Upload } from 'antd';
import { KeyOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useActivateLicence } from '../api/activate-licence.ts';
import { formatDay } from './format.ts';

/** A licence file is a few lines of text; anything larger is not one. */
const MAX_FILE_BYTES = 16 * 1024;

/** Takes a licence code, pasted or read from the licence file the vendor sent, and activates it. */
export function ActivateForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation('licence');
  const [form] = Form.useForm<{ code: string }>();
  const [fileError, setFileError] = useState(false);
  const activate = useActivateLicence();
  const error = activate.error instanceof ApiError ? activate.error.message : null;

  const submit = ({ code }: { code: string }) =>
    activate.mutate(
      { code },
      {
        onSuccess: (info) => {
          form.resetFields();
          toastSuccess(t('activate.done', { licensee: info.licensee, date: formatDay(info.expiresAt) }));
        },
      },
    );

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="licence-form">
      <Form.Item name="code" label={t('activate.code')} extra={t('activate.codeHelp')} rules={[{ required: true, whitespace: true, message: t('activate.codeRequired') }]}>
        <Input.TextArea rows={4} spellCheck={false} placeholder="HXK1.…" data-testid="licence-code" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      {fileError && <Alert type="error" showIcon title={t('activate.fileTooLarge')} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="licence-error" />}
      <Space wrap>
        <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={activate.isPending} data-testid="licence-submit">
          {submitLabel}
        </Button>
        <Upload
          accept=".lic,.txt,text/plain"
          showUploadList={false}
          beforeUpload={(file) => {
            setFileError(file.size > MAX_FILE_BYTES);
            if (file.size <= MAX_FILE_BYTES) void file.text().then((code) => form.setFieldsValue({ code }));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="licence-file">
            {t('activate.file')}
          </Button>
        </Upload>
      </Space>
    </Form>
  );
}
