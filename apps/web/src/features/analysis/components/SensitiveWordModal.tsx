import { useEffect } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { SENSITIVE_WORD_LIMITS, WARNING_LEVEL_KEYS, ZSaveSensitiveWordRequest, type TSensitiveWord } from '@hxk/contracts/analysis';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveSensitiveWord } from '../api/save-sensitive-word.ts';
import { contractRule } from './contract-rule.ts';

type Values = Omit<TSensitiveWord, 'id'>;
const field = ZSaveSensitiveWordRequest.shape;

/** Adds a word to the lexicon or changes one. */
export function SensitiveWordModal({ open, word, onClose }: { open: boolean; word: TSensitiveWord | null; onClose: () => void }) {
  const { t } = useTranslation('analysis');
  const [form] = Form.useForm<Values>();
  const save = useSaveSensitiveWord();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(word ? { word: word.word, category: word.category, severity: word.severity } : { severity: 'moderate' });
  }, [open, word, form]);

  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ ...(word ? { id: word.id } : {}), word: v.word.trim(), category: v.category.trim(), severity: v.severity });
    toastSuccess(t('words.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={word ? t('words.edit') : t('words.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('action.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'word-save' }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="word" label={t('words.word')} rules={[requiredRule(), contractRule(field.word)]}>
          <Input maxLength={SENSITIVE_WORD_LIMITS.wordMax} data-testid="word-word" />
        </Form.Item>
        <Form.Item name="category" label={t('words.category')} rules={[requiredRule(), contractRule(field.category)]}>
          <Input maxLength={SENSITIVE_WORD_LIMITS.categoryMax} data-testid="word-category" />
        </Form.Item>
        <Form.Item name="severity" label={t('words.severity')} rules={[requiredRule()]}>
          <Radio.Group optionType="button" options={WARNING_LEVEL_KEYS.map((l) => ({ value: l, label: t(`level.${l}`) }))} data-testid="word-severity" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
