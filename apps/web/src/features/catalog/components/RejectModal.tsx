import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPINION_MIN_LENGTH } from '@hxk/contracts/constants';
import { VALIDATION_MESSAGES } from '@hxk/contracts/errors';
import { currentLanguage } from '../../../lib/i18n.ts';

/** Asks for the reason of a rejection: at least 5 characters, the server's rule and its own message. */
export function RejectModal({ open, count, loading, onOk, onClose }: { open: boolean; count: number; loading: boolean; onOk: (note: string) => void; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const [form] = Form.useForm<{ note: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const tooShort = VALIDATION_MESSAGES['validation.opinionMin'][currentLanguage()];
  return (
    <Modal
      open={open}
      title={t('review.rejectTitle', { count })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('review.reject')}
      okButtonProps={{ danger: true, loading, 'data-testid': 'review-reject-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onOk(v.note.trim())}>
        <Form.Item
          name="note"
          label={t('review.reason')}
          rules={[{ validator: async (_r, v?: string) => { if ((v ?? '').trim().length < OPINION_MIN_LENGTH) throw new Error(tooShort); } }]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder={t('review.reasonPlaceholder')} data-testid="review-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
