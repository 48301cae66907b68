import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPINION_MIN_LENGTH } from '@hxk/contracts/constants';
import { requiredRule } from '../../../lib/form-rules.ts';

/** Rejecting asks for a note of at least 5 characters (spec section 5: refusal reason). */
export function RejectDialog({
  open,
  name,
  loading,
  onCancel,
  onReject,
}: {
  open: boolean;
  name: string;
  loading: boolean;
  onCancel: () => void;
  onReject: (note: string) => void;
}) {
  const { t } = useTranslation('schools');
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal
      open={open}
      title={t('review.rejectTitle', { name })}
      okText={t('review.reject')}
      okButtonProps={{ danger: true, loading }}
      cancelText={t('common:action.cancel')}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then((v) => onReject(v.note.trim()))}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="note"
          label={t('review.note')}
          rules={[
            requiredRule(),
            { min: OPINION_MIN_LENGTH, whitespace: true, message: t('review.noteTooShort', { min: OPINION_MIN_LENGTH }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="reject-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
