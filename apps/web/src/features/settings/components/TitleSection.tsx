import { useEffect } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZSaveTitleRequest } from '@hxk/contracts/settings';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { Permission } from '../../../components/Permission.tsx';
import { useTitle } from '../api/get-title.ts';
import { useSaveTitle } from '../api/save-title.ts';

/** The product title shown in the header (changed with school:title:edit). */
export function TitleSection() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<{ name: string }>();
  const title = useTitle();
  const save = useSaveTitle();
  useEffect(() => {
    if (title.data) form.setFieldsValue({ name: title.data.name });
  }, [title.data, form]);

  return (
    <Card title={t('title.section')} loading={title.isPending} data-testid="settings-title">
      <Form form={form} layout="inline" onFinish={(v) => save.mutate(v.name.trim(), { onSuccess: () => toastSuccess(t('saved')) })}>
        <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
          <Form.Item name="name" noStyle rules={[requiredRule(), zodRule(ZSaveTitleRequest.shape.name)]}>
            <Input maxLength={50} showCount aria-label={t('title.section')} data-testid="settings-title-input" />
          </Form.Item>
          <Permission code="school:title:edit">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-title-save">
              {t('save')}
            </Button>
          </Permission>
        </Space.Compact>
      </Form>
    </Card>
  );
}
