import { useState, type HTMLAttributes } from 'react';
import { Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES } from '@hxk/contracts/constants';
import type { TQuestionType } from '@hxk/contracts/catalog';
import { maxScore } from '@hxk/contracts/question-rules';
import { QuestionField } from '../../../components/evaluation/QuestionField.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { useClassificationDict } from '../../../lib/reference/get-classification-dict.ts';
import { useIndicatorTree } from '../../../lib/reference/get-indicator-tree.ts';
import { usePickQuestions, type PickQuery, type PickableQuestion } from '../api/pick-questions.ts';
import { sameName } from '../../../components/evaluation/question-ops.ts';

type Props = {
  selected: PickableQuestion[];
  onChange: (rows: PickableQuestion[]) => void;
  /** Evaluation elements the template holds already: the same element cannot be added twice. */
  usedTitles?: string[];
  /** Load only while shown (the modal mounts it closed). */
  enabled?: boolean;
  /** The indicator the questions are for (a template section's): the list starts filtered by it and its sub-indicators. */
  indicatorId?: string | null | undefined;
  testId?: string;
};

/**
 * Approved questions of the bank with filters and a selection kept across pages; a row expands to
 * the question as the evaluator will see it. Used by the builder's modal and the page form.
 */
export function BankPicker({ selected, onChange, usedTitles = [], enabled = true, indicatorId, testId = 'bank-picker' }: Props) {
  const { t } = useTranslation(['templates', 'evaluation']);
  const [query, setQuery] = useState<PickQuery>({ pageNum: 1, pageSize: 10, ...(indicatorId ? { indicatorId } : {}) });
  const indicators = useIndicatorTree();
  const page = usePickQuestions(query, enabled);
  const classifications = useClassificationDict('question');
  const used = (title: string) => usedTitles.some((x) => sameName(x, title));

  const columns: ColumnsType<PickableQuestion> = [
    {
      title: t('bank.title'),
      dataIndex: 'title',
      render: (v: string) => (
        <Flex gap={6} wrap align="center">
          <Typography.Text style={{ maxWidth: 360 }} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
          {used(v) && <Tag color="gold">{t('bank.inTemplate')}</Tag>}
        </Flex>
      ),
    },
    { title: t('bank.type'), dataIndex: 'type', render: (v: TQuestionType) => t(`evaluation:questionType.${v}`) },
    { title: t('bank.score'), key: 'score', align: 'right', render: (_, r) => maxScore(r) },
    { title: t('bank.classification'), dataIndex: 'classificationName', render: (v: string | null) => v ?? '—', responsive: ['xl'] },
    { title: t('bank.indicator'), dataIndex: 'indicatorName', render: (v: string | null) => v ?? '—', responsive: ['xxl'] },
  ];

  return (
    <div data-testid={testId}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('bank.search')}
          style={{ width: 220 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
          data-testid={`${testId}-search`}
        />
        <Select<TQuestionType>
          allowClear
          placeholder={t('bank.type')}
          style={{ width: 200 }}
          options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`evaluation:questionType.${v}`) }))}
          onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, type: v ?? undefined }))}
          data-testid={`${testId}-type`}
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('bank.classification')}
          style={{ width: 180 }}
          loading={classifications.isLoading}
          options={(classifications.data ?? []).map((c) => ({ value: c.classificationId, label: c.name }))}
          onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, classificationId: v ?? undefined }))}
          data-testid={`${testId}-classification`}
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('bank.indicator')}
          aria-label={t('bank.indicator')}
          style={{ width: 200 }}
          loading={indicators.isLoading}
          value={query.indicatorId}
          options={(indicators.data ?? []).map((i) => ({ value: i.indicatorId, label: i.name }))}
          onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, indicatorId: v ?? undefined }))}
          data-testid={`${testId}-indicator`}
        />
        {selected.length > 0 && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }} data-testid={`${testId}-count`}>
            {t('bank.selected', { count: selected.length })}
          </Typography.Text>
        )}
      </Flex>
      <Table<PickableQuestion>
        rowKey="questionId"
        size="small"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('bank.empty') }}
        onRow={(r) => ({ 'data-testid': `${testId}-row-${r.title}` }) as HTMLAttributes<HTMLElement>}
        expandable={{ expandedRowRender: (r) => <QuestionField question={r} disabled testId={`${testId}-preview-${r.questionId}`} /> }}
        rowSelection={{
          selectedRowKeys: selected.map((x) => x.questionId),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (r) => ({ disabled: used(r.title) }),
          onChange: (keys, rows) =>
            onChange(keys.map((k) => rows.find((r) => r?.questionId === k) ?? selected.find((p) => p.questionId === k)).filter((r): r is PickableQuestion => Boolean(r))),
        }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('bank.total', { count: total }))}
      />
    </div>
  );
}
