import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WARNING_LEVEL_KEYS, WARNING_RULE_KINDS, ZSaveWarningRuleRequest, type TWarningRuleRow } from '@hxk/contracts/analysis';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveWarningRule } from '../api/save-warning-rule.ts';
import { contractRule } from './contract-rule.ts';
import { ruleSentence } from './rule-sentence.ts';

type Values = Pick<TWarningRuleRow, 'kind' | 'level' | 'enabled'> & { threshold?: number | null; minutes?: number | null; category?: string | null };
const field = ZSaveWarningRuleRequest.shape;
const usesThreshold = (k: Values['kind'] | undefined) => k === 'headUpBelow' || k === 'attendanceBelow';
const DEFAULTS: Values = { kind: 'headUpBelow', threshold: 50, minutes: 5, category: null, level: 'moderate', enabled: true };

/** Adds a warning rule or changes one: the fields its kind uses, and the rule as a sentence while it is edited. */
export function WarningRuleModal({ open, rule, onClose }: { open: boolean; rule: TWarningRuleRow | null; onClose: () => void }) {
  const { t } = useTranslation('analysis');
  const [form] = Form.useForm<Values>();
  const save = useSaveWarningRule();
  const watched = Form.useWatch([], form) as Values | undefined;
  const kind = watched?.kind;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(rule ? { ...rule } : DEFAULTS);
  }, [open, rule, form]);

  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({
      ...(rule ? { id: rule.id } : {}),
      kind: v.kind,
      threshold: usesThreshold(v.kind) ? (v.threshold ?? null) : null,
      minutes: v.kind === 'sensitiveWord' ? null : (v.minutes ?? null),
      category: v.kind === 'sensitiveWord' && v.category?.trim() ? v.category.trim() : null,
      level: v.level,
      enabled: v.enabled,
    });
    toastSuccess(t('rule.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={rule ? t('rule.edit') : t('rule.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('action.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'rule-save' }}
      data-testid="rule-modal"
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={DEFAULTS}>
        <Form.Item name="kind" label={t('rule.kind')} rules={[requiredRule()]}>
          <Select data-testid="rule-kind" options={WARNING_RULE_KINDS.map((k) => ({ value: k, label: t(`warningKind.${k}`) }))} />
        </Form.Item>
        {usesThreshold(kind) ? (
          <Form.Item name="threshold" label={t('rule.threshold')} rules={[requiredRule(), contractRule(field.threshold)]} extra={t('rule.thresholdHint')}>
            <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} data-testid="rule-threshold" />
          </Form.Item>
        ) : null}
        {kind !== 'sensitiveWord' ? (
          <Form.Item name="minutes" label={t('rule.minutes')} rules={[requiredRule(), contractRule(field.minutes)]} extra={t(kind === 'teacherAbsent' ? 'rule.minutesTeacherHint' : 'rule.minutesHint')}>
            <InputNumber min={0} max={240} precision={0} suffix={t('rule.minuteUnit')} style={{ width: 160 }} data-testid="rule-minutes" />
          </Form.Item>
        ) : (
          <Form.Item name="category" label={t('rule.category')} rules={[contractRule(field.category)]} extra={t('rule.categoryHint')}>
            <Input maxLength={32} allowClear data-testid="rule-category" />
          </Form.Item>
        )}
        <Form.Item name="level" label={t('rule.level')} rules={[requiredRule()]}>
          <Radio.Group optionType="button" options={WARNING_LEVEL_KEYS.map((l) => ({ value: l, label: t(`level.${l}`) }))} data-testid="rule-level" />
        </Form.Item>
        <Form.Item name="enabled" label={t('rule.enabled')} valuePropName="checked">
          <Switch data-testid="rule-enabled" />
        </Form.Item>
      </Form>
      {watched?.kind && watched.level ? (
        <Typography.Paragraph type="secondary" data-testid="rule-preview">
          {t('rule.preview')} {ruleSentence(t, { kind: watched.kind, threshold: watched.threshold ?? null, minutes: watched.minutes ?? null, category: watched.category?.trim() || null, level: watched.level })}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
