import { useState } from 'react';
import { Alert, Button, Flex, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TWarningRuleRow } from '@hxk/contracts/analysis';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteWarningRule } from '../api/delete-warning-rule.ts';
import { useWarningRules } from '../api/get-warning-rules.ts';
import { useSaveWarningRule } from '../api/save-warning-rule.ts';
import { LEVEL_COLOR } from './levels.ts';
import { ruleSentence } from './rule-sentence.ts';
import { WarningRuleModal } from './WarningRuleModal.tsx';

/** The school's warning rules: each as a sentence, switched on or off in place, added, changed and deleted. */
export function WarningRulesTab() {
  const { t } = useTranslation('analysis');
  const rules = useWarningRules();
  const save = useSaveWarningRule();
  const remove = useDeleteWarningRule();
  const [editing, setEditing] = useState<{ rule: TWarningRuleRow | null } | null>(null);

  const toggle = (r: TWarningRuleRow, enabled: boolean) =>
    save.mutate({ id: r.id, kind: r.kind, threshold: r.threshold, minutes: r.minutes, category: r.category, level: r.level, enabled });

  const columns: ColumnsType<TWarningRuleRow> = [
    { key: 'rule', title: t('rule.rule'), width: '55%', render: (_, r) => <span data-testid="rule-sentence">{ruleSentence(t, r)}</span> },
    { key: 'kind', title: t('rule.kind'), responsive: ['md'], render: (_, r) => t(`warningKind.${r.kind}`) },
    { key: 'level', title: t('rule.level'), width: 100, responsive: ['sm'], render: (_, r) => <Tag color={LEVEL_COLOR[r.level]}>{t(`level.${r.level}`)}</Tag> },
    {
      key: 'enabled',
      title: t('rule.enabled'),
      render: (_, r) => <Switch size="small" checked={r.enabled} loading={save.isPending && save.variables?.id === r.id} onChange={(on) => toggle(r, on)} aria-label={t('rule.enabled')} data-testid="rule-toggle" />,
    },
    {
      key: 'actions',
      title: t('action.actions'),
      render: (_, r) => (
        <Flex gap={0} wrap style={{ minWidth: 64 }}>
          <Button type="link" size="small" onClick={() => setEditing({ rule: r })} data-testid="rule-edit">{t('action.edit')}</Button>
          <DeleteLink
            label={t('action.delete')}
            title={t('rule.deleteTitle')}
            description={ruleSentence(t, r)}
            onConfirm={() => remove.mutateAsync(r.id).then(() => toastSuccess(t('rule.deleted')))}
            testId="rule-delete"
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('rule.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ rule: null })} data-testid="rule-add">{t('rule.add')}</Button>
      </Flex>
      {rules.isError ? <Alert type="error" showIcon title={rules.error.message} /> : null}
      <Table<TWarningRuleRow>
        rowKey="id"
        size="middle"
        loading={rules.isLoading}
        columns={columns}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: t('rule.none') }}
        data-testid="rules-table"
      />
      <WarningRuleModal open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </Flex>
  );
}
