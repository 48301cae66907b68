import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TQuestion } from '@hxk/contracts/catalog';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { type QuestionQuery } from '../api/get-questions.ts';
import { useReadQuestions } from '../api/get-read-questions.ts';
import { questionColumns } from '../components/question-columns.tsx';
import { QuestionFilters } from '../components/QuestionFilters.tsx';

/** The approved question bank, read-only: browse with filters and open a question. */
export function ReadQuestionsPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [query, setQuery] = useState<QuestionQuery>({ pageNum: 1, pageSize: 10 });
  const page = useReadQuestions(query);
  const open = (q: TQuestion) => navigate(`/back/readQuestionsDetail?id=${q.questionId}`);

  const columns: ColumnsType<TQuestion> = [
    ...questionColumns(t, ['title', 'type', 'score', 'indicator', 'knowledge', 'classification', 'creator', 'templates'], (q) => (
      <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start', fontWeight: 600 }} onClick={() => open(q)} data-testid={`read-open-${q.title}`}>
        {q.title}
      </Button>
    )),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, q) => (
        <Button type="link" size="small" onClick={() => open(q)} data-testid={`read-view-${q.title}`}>
          {t('action.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'readQuestions')} data-testid="read-questions">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <QuestionFilters onChange={(patch) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }))} />
      </Flex>
      <Table<TQuestion>
        rowKey="questionId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('read.empty') }}
        onRow={(r) => ({ 'data-testid': `read-row-${r.title}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('common.total', { count: total }))}
      />
    </Card>
  );
}
