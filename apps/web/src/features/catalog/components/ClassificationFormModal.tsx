import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { INDICATOR_NAME } from '@hxk/contracts/constants';
import type { TClassification, TClassificationKind } from '@hxk/contracts/catalog';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveClassification } from '../api/save-classification.ts';

type Values = { name: string; description?: string; sort: number };

/** Adds a classification (`item` null) or edits one: name (1-35 characters), description, sort. */
export function ClassificationFormModal({ kind, open, item, onClose }: { kind: TClassificationKind; open: boolean; item: TClassification | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const [form] = Form.useForm<Values>();
  const save = useSaveClassification();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(item ? { name: item.name, description: item.description ?? '', sort: item.sort } : { name: '', description: '', sort: 0 });
  }, [open, item, form]);

  const submit = (v: Values) =>
    save.mutate(
      { ...(item ? { classificationId: item.classificationId } : {}), kind, name: v.name.trim(), description: v.description?.trim() ?? '', sort: v.sort ?? 0 },
      {
        onSuccess: () => {
          toastSuccess(item ? t('classification.saved') : t('classification.added'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={item ? t('classification.editTitle') : t('classification.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('action.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'classification-form-ok' }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="classification-form">
        <Form.Item
          name="name"
          label={t('classification.name')}
          rules={[requiredRule(), { whitespace: true, message: t('validation.nameLength', { max: INDICATOR_NAME.max }) }, { max: INDICATOR_NAME.max, message: t('validation.nameLength', { max: INDICATOR_NAME.max }) }]}
        >
          <Input maxLength={INDICATOR_NAME.max} showCount data-testid="classification-name" />
        </Form.Item>
        <Form.Item name="description" label={t('classification.description')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="classification-description" />
        </Form.Item>
        <Form.Item name="sort" label={t('classification.sort')} extra={t('classification.sortHint')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} data-testid="classification-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
