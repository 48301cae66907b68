import { useState, type HTMLAttributes } from 'react';
import { Badge, Button, Card, Flex, Modal, Space, Table, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AuditOutlined, DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TQuestion } from '@hxk/contracts/catalog';
import { QUESTION_TRANSITIONS } from '@hxk/contracts/workflow';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteQuestions } from '../api/delete-questions.ts';
import { useQuestions, type QuestionQuery } from '../api/get-questions.ts';
import { useSubmitQuestions } from '../api/submit-questions.ts';
import { questionColumns } from '../components/question-columns.tsx';
import { QuestionFilters } from '../components/QuestionFilters.tsx';
import { QuestionRowActions } from '../components/QuestionRowActions.tsx';
import { QuestionStatusTag } from '../components/QuestionStatusTag.tsx';
import { useCan } from '../components/use-can.ts';

/** The question bank as its authors manage it: filters, states, submit for review, delete. */
export function QuestionManagementPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<QuestionQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<TQuestion[]>([]);
  const page = useQuestions(query);
  const canReview = useCan('question:review');
  const pending = useQuestions({ pageNum: 1, pageSize: 1, status: 'pending' }, canReview);
  const remove = useDeleteQuestions();
  const submit = useSubmitQuestions();
  const ids = selected.map((q) => q.questionId);
  const allSubmittable = selected.length > 0 && selected.every((q) => QUESTION_TRANSITIONS[q.status].submit);
  const drop = (done: string[]) => setSelected((s) => s.filter((q) => !done.includes(q.questionId)));

  const removeIds = (list: string[]) =>
    remove.mutateAsync(list).then(() => {
      toastSuccess(t('action.deleted'));
      drop(list);
    });
  const submitIds = (list: string[]) =>
    submit.mutateAsync(list).then(() => {
      toastSuccess(t('question.submitted', { count: list.length }));
      drop(list);
    });
  const confirm = (action: 'submit' | 'delete') =>
    modal.confirm({
      title: t(action === 'submit' ? 'question.batchSubmitConfirm' : 'question.batchDeleteConfirm', { count: ids.length }),
      content: action === 'submit' ? t('question.batchSubmitHint') : t('question.deleteHint'),
      okButtonProps: { danger: action === 'delete', 'data-testid': `question-batch-${action}-ok` } as ButtonProps,
      okText: action === 'submit' ? t('question.submit') : t('action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: () => (action === 'submit' ? submitIds(ids) : removeIds(ids)),
    });

  const columns: ColumnsType<TQuestion> = [
    ...questionColumns(t, ['title']),
    { title: t('question.status'), key: 'status', render: (_, q) => <QuestionStatusTag question={q} /> },
    ...questionColumns(t, ['type', 'score', 'indicator', 'knowledge', 'classification', 'creator', 'updated', 'templates']),
    { title: t('common.actions'), key: 'actions', fixed: 'right', render: (_, q) => <QuestionRowActions q={q} onSubmit={() => submitIds([q.questionId]).catch(() => undefined)} onDelete={() => removeIds([q.questionId])} /> },
  ];

  return (
    <Card
      title={menuTitle(t, 'questionManagement')}
      data-testid="questions"
      extra={
        <Permission code="question:review">
          <Badge count={pending.data?.total ?? 0} size="small" overflowCount={99}>
            <Button icon={<AuditOutlined />} onClick={() => navigate('/back/questionManagementPass')} data-testid="question-review-entry">
              {t('question.reviewEntry', { count: pending.data?.total ?? 0 })}
            </Button>
          </Badge>
        </Permission>
      }
    >
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <QuestionFilters fields={['indicator', 'status', 'mine']} onChange={(patch) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }))} />
        <Permission code="question:edit">
          <Space wrap>
            <Button icon={<SendOutlined />} disabled={!allSubmittable} title={selected.length && !allSubmittable ? t('question.batchSubmitOnlyDrafts') : undefined} onClick={() => confirm('submit')} data-testid="question-batch-submit">
              {t('question.batchSubmit')}
            </Button>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => confirm('delete')} data-testid="question-batch-delete">
              {t('action.batchDelete')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/back/questionManagementSet')} data-testid="question-add">
              {t('action.add')}
            </Button>
          </Space>
        </Permission>
      </Flex>
      <Table<TQuestion>
        rowKey="questionId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('question.empty') }}
        onRow={(r) => ({ 'data-testid': `question-row-${r.title}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: ids,
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => setSelected((prev) => keys.map((k) => rows.find((r) => r?.questionId === k) ?? prev.find((p) => p.questionId === k)).filter((r): r is TQuestion => !!r)),
        }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('common.total', { count: total }))}
      />
      {modalHolder}
    </Card>
  );
}
