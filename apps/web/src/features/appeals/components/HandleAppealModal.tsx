import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPINION_MIN_LENGTH } from '@hxk/contracts/constants';
import { VALIDATION_MESSAGES } from '@hxk/contracts/errors';
import type { TAppeal } from '@hxk/contracts/appeals';
import { currentLanguage } from '../../../lib/i18n.ts';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useHandleAppeal } from '../api/handle-appeal.ts';

type Values = { decision: 'resolve' | 'unresolve'; scoreAfter?: number; opinion: string };

/** A handler's decision: resolve with the score after appeal (0 to the full score), or not; an opinion of at least 5 characters. */
export function HandleAppealModal({ appeal, open, onClose }: { appeal: TAppeal; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('appeals');
  const [form] = Form.useForm<Values>();
  const handle = useHandleAppeal();
  const decision = Form.useWatch('decision', form);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const tooShort = VALIDATION_MESSAGES['validation.opinionMin'][currentLanguage()];

  const finish = (v: Values) =>
    handle.mutate(
      { appealId: appeal.appealId, decision: v.decision, opinion: v.opinion.trim(), ...(v.decision === 'resolve' ? { scoreAfter: v.scoreAfter } : {}) },
      {
        onSuccess: () => {
          toastSuccess(t(v.decision === 'resolve' ? 'handle.resolved' : 'handle.unresolved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('handle.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('handle.ok')}
      okButtonProps={{ loading: handle.isPending, 'data-testid': 'appeal-handle-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ decision: 'resolve' }} onFinish={finish} data-testid="appeal-handle-form">
        <Form.Item name="decision" label={t('handle.decision')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'resolve', label: <span data-testid="appeal-handle-resolve">{t('handle.resolve')}</span> },
              { value: 'unresolve', label: <span data-testid="appeal-handle-unresolve">{t('handle.unresolve')}</span> },
            ]}
          />
        </Form.Item>
        {decision !== 'unresolve' && (
          <Form.Item
            name="scoreAfter"
            label={t('field.scoreAfter')}
            extra={t('handle.scoreHint', { score: appeal.score, full: appeal.fullScore })}
            rules={[requiredRule(), { type: 'number', min: 0, max: appeal.fullScore, message: t('handle.scoreRange', { full: appeal.fullScore }) }]}
          >
            <InputNumber min={0} max={appeal.fullScore} step={1} style={{ width: 160 }} data-testid="appeal-handle-score" />
          </Form.Item>
        )}
        <Form.Item
          name="opinion"
          label={t('field.opinion')}
          rules={[{ validator: async (_r, v?: string) => { if ((v ?? '').trim().length < OPINION_MIN_LENGTH) throw new Error(tooShort); } }]}
        >
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder={t('handle.opinionPlaceholder')} data-testid="appeal-handle-opinion" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
