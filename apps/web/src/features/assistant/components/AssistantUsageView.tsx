import { useMemo, useState } from 'react';
import { DatePicker, Empty, Flex, Progress, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TAssistantUsage } from '@hxk/contracts/assistant';
import { useAssistantUsage } from '../api/get-usage.ts';

type Row = TAssistantUsage['days'][number];

/**
 * A month of the assistant's use: questions and tokens per model and per day, against the school's
 * budget. The school's view is per school and model only — never a list of people — and a person's
 * view is their own (docs/decisions/0029).
 */
export function AssistantUsageView({ scope }: { scope: 'school' | 'mine' }) {
  const { t, i18n } = useTranslation('assistant');
  const [month, setMonth] = useState('');
  const usage = useAssistantUsage(scope, month);
  const u = usage.data;
  const n = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const modelName = (m: string) => (m === 'rules' ? t('usage.rules') : m);
  const tokens = (r: { tokens: number; estimatedTokens: number }) =>
    r.estimatedTokens ? t('usage.tokensEstimated', { tokens: n.format(r.tokens), estimated: n.format(r.estimatedTokens) }) : n.format(r.tokens);

  const perModel = useMemo(() => {
    const m = new Map<string, Row>();
    for (const d of u?.days ?? []) {
      const cur = m.get(d.model) ?? { day: '', model: d.model, questions: 0, tokens: 0, estimatedTokens: 0 };
      m.set(d.model, { ...cur, questions: cur.questions + d.questions, tokens: cur.tokens + d.tokens, estimatedTokens: cur.estimatedTokens + d.estimatedTokens });
    }
    return [...m.values()];
  }, [u]);

  const columns = [
    { key: 'model', title: t('usage.model'), dataIndex: 'model', render: (m: string) => modelName(m) },
    { key: 'questions', title: t('usage.questions'), dataIndex: 'questions', align: 'right' as const, render: (v: number) => n.format(v) },
    { key: 'tokens', title: t('usage.tokens'), align: 'right' as const, render: (_: unknown, r: Row) => tokens(r) },
  ];

  return (
    <Flex vertical gap={16} data-testid={`assistant-usage-${scope}`}>
      <Flex gap={24} wrap align="flex-end">
        <DatePicker
          picker="month"
          allowClear={false}
          value={u ? dayjs(`${u.month}-01`) : null}
          onChange={(d) => setMonth(d ? d.format('YYYY-MM') : '')}
          aria-label={t('usage.month')}
          data-testid="assistant-usage-month"
        />
        <Statistic title={t(scope === 'school' ? 'usage.questionsSchool' : 'usage.questionsMine')} value={u ? n.format(u.questions) : '–'} data-testid="assistant-usage-questions" />
        <Statistic title={t(scope === 'school' ? 'usage.tokensSchool' : 'usage.tokensMine')} value={u ? n.format(u.tokens) : '–'} data-testid="assistant-usage-tokens" />
        {u && u.monthlyTokens !== null && u.remainingTokens !== null ? (
          <Flex vertical style={{ minWidth: 220 }} data-testid="assistant-usage-budget">
            <Typography.Text type="secondary">{t('usage.budget', { budget: n.format(u.monthlyTokens) })}</Typography.Text>
            <Progress
              percent={Math.min(100, Math.round(((u.monthlyTokens - u.remainingTokens) / u.monthlyTokens) * 100))}
              status={u.remainingTokens === 0 ? 'exception' : 'normal'}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('usage.remaining', { tokens: n.format(u.remainingTokens) })}</Typography.Text>
          </Flex>
        ) : u ? (
          <Typography.Text type="secondary">{t('usage.noBudget')}</Typography.Text>
        ) : null}
      </Flex>
      {u && !u.days.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.none')} />
      ) : (
        <Flex gap={24} wrap align="flex-start">
          <Table<Row>
            style={{ flex: '1 1 280px' }}
            size="small"
            title={() => t('usage.perModel')}
            rowKey="model"
            loading={usage.isFetching && !u}
            pagination={false}
            dataSource={perModel}
            columns={columns}
            data-testid="assistant-usage-models"
          />
          <Table<Row>
            style={{ flex: '2 1 420px' }}
            size="small"
            title={() => t('usage.perDay')}
            rowKey={(r) => `${r.day} ${r.model}`}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={u?.days ?? []}
            columns={[{ key: 'day', title: t('usage.day'), dataIndex: 'day' }, ...columns]}
            data-testid="assistant-usage-days"
          />
        </Flex>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(scope === 'school' ? 'usage.howSchool' : 'usage.howMine')}</Typography.Text>
    </Flex>
  );
}
