import { useState, type HTMLAttributes } from 'react';
import { Flex, Input, Modal, Select, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES } from '@hxk/contracts/constants';
import type { TQuestion, TQuestionType } from '@hxk/contracts/catalog';
import { maxScore } from '@hxk/contracts/question-rules';
import { QuestionField } from '../../../components/evaluation/QuestionField.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { useClassificationDict } from '../../../lib/reference/get-classification-dict.ts';
import { usePickQuestions, type PickQuery } from '../api/pick-questions.ts';
import { sameName } from '../../../components/evaluation/question-ops.ts';

type Props = { open: boolean; usedTitles: string[]; onClose: () => void; onPick: (rows: TQuestion[]) => void };

/**
 * Approved questions of the bank, filtered and paged on the server, with a selection kept across
 * pages; a row expands to the question as it will be answered. As the template builder's "add questions".
 */
export function BankPickerModal({ open, usedTitles, onClose, onPick }: Props) {
  const { t } = useTranslation(['questionnaires', 'evaluation']);
  const [query, setQuery] = useState<PickQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<TQuestion[]>([]);
  const page = usePickQuestions(query, open);
  const classifications = useClassificationDict('question', open);
  const used = (title: string) => usedTitles.some((x) => sameName(x, title));
  const close = () => {
    setSelected([]);
    onClose();
  };

  const columns: ColumnsType<TQuestion> = [
    {
      title: t('bank.title'),
      dataIndex: 'title',
      render: (v: string) => (
        <Flex gap={6} wrap align="center">
          <Typography.Text style={{ maxWidth: 360 }} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
          {used(v) && <Tag color="gold">{t('bank.inQuestionnaire')}</Tag>}
        </Flex>
      ),
    },
    { title: t('bank.type'), dataIndex: 'type', render: (v: TQuestionType) => t(`evaluation:questionType.${v}`) },
    { title: t('bank.score'), key: 'score', align: 'right', render: (_, r) => maxScore(r) },
    { title: t('bank.classification'), dataIndex: 'classificationName', render: (v: string | null) => v ?? '—', responsive: ['xl'] },
  ];

  return (
    <Modal
      open={open}
      width={{ xs: '100%', md: 880 }}
      title={t('bank.modalTitle')}
      okText={t('bank.addSelected', { count: selected.length })}
      okButtonProps={{ disabled: selected.length === 0, 'data-testid': 'q-bank-ok' } as ButtonProps}
      cancelText={t('common:action.cancel')}
      onOk={() => {
        onPick(selected);
        close();
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('bank.search')} style={{ width: 220 }} onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))} data-testid="q-bank-search" />
        <Select<TQuestionType>
          allowClear
          placeholder={t('bank.type')}
          style={{ width: 200 }}
          options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`evaluation:questionType.${v}`) }))}
          onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, type: v ?? undefined }))}
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('bank.classification')}
          style={{ width: 180 }}
          loading={classifications.isLoading}
          options={(classifications.data ?? []).map((c) => ({ value: c.classificationId, label: c.name }))}
          onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, classificationId: v ?? undefined }))}
        />
        {selected.length > 0 && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {t('bank.selected', { count: selected.length })}
          </Typography.Text>
        )}
      </Flex>
      <Table<TQuestion>
        rowKey="questionId"
        size="small"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('bank.empty') }}
        onRow={(r) => ({ 'data-testid': `q-bank-row-${r.title}` }) as HTMLAttributes<HTMLElement>}
        expandable={{ expandedRowRender: (r) => <QuestionField question={r} disabled /> }}
        rowSelection={{
          selectedRowKeys: selected.map((x) => x.questionId),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (r) => ({ disabled: used(r.title) }),
          onChange: (keys, rows) =>
            setSelected((prev) => keys.map((k) => rows.find((r) => r?.questionId === k) ?? prev.find((p) => p.questionId === k)).filter((r): r is TQuestion => Boolean(r))),
        }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Modal>
  );
}
