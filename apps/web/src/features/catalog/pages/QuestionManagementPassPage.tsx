import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Col, Flex, Modal, Row, Space, Table, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TQuestion } from '@hxk/contracts/catalog';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useQuestions, type QuestionQuery } from '../api/get-questions.ts';
import { useReviewQuestions } from '../api/review-questions.ts';
import { questionColumns } from '../components/question-columns.tsx';
import { bodyOf } from '../components/question-body.ts';
import { QuestionDetails } from '../components/QuestionDetails.tsx';
import { QuestionPreview } from '../components/QuestionPreview.tsx';
import { RejectModal } from '../components/RejectModal.tsx';

/** Questions waiting for review: read each one (content and how it looks), approve or reject with a reason. */
export function QuestionManagementPassPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<QuestionQuery>({ pageNum: 1, pageSize: 10, status: 'pending' });
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const page = useQuestions(query);
  const review = useReviewQuestions();

  const decide = (ids: string[], decision: 'approve' | 'reject', note = '') =>
    review.mutateAsync({ ids, decision, note }).then(() => {
      toastSuccess(t(decision === 'approve' ? 'review.approved' : 'review.rejected', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      setRejecting(null);
    });
  const approveBatch = () =>
    modal.confirm({
      title: t('review.approveConfirm', { count: selected.length }),
      okText: t('review.approve'),
      okButtonProps: { 'data-testid': 'review-approve-ok' } as ButtonProps,
      cancelText: t('common:action.cancel'),
      onOk: () => decide(selected, 'approve'),
    });

  const columns: ColumnsType<TQuestion> = [
    ...questionColumns(t, ['title', 'type', 'score', 'creator', 'indicator', 'knowledge', 'classification', 'updated']),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, q) => (
        <Permission code="question:review">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => decide([q.questionId], 'approve').catch(() => undefined)} data-testid={`review-approve-${q.title}`}>
              {t('review.approve')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting([q.questionId])} data-testid={`review-reject-${q.title}`}>
              {t('review.reject')}
            </Button>
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <Card
      title={menuTitle(t, 'questionManagementPass')}
      data-testid="question-review"
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/back/questionManagement')} data-testid="review-back">
          {t('action.backToList')}
        </Button>
      }
    >
      <Flex gap={12} wrap justify="flex-end" style={{ marginBottom: 16 }}>
        <Permission code="question:review">
          <Space wrap>
            <Button danger icon={<CloseOutlined />} disabled={selected.length === 0} onClick={() => setRejecting(selected)} data-testid="review-batch-reject">
              {t('review.batchReject')}
            </Button>
            <Button type="primary" icon={<CheckOutlined />} disabled={selected.length === 0} onClick={approveBatch} data-testid="review-batch-approve">
              {t('review.batchApprove')}
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
        locale={{ emptyText: t('review.empty') }}
        onRow={(r) => ({ 'data-testid': `review-row-${r.title}` }) as HTMLAttributes<HTMLElement>}
        expandable={{
          expandedRowRender: (q) => (
            <Row gutter={[16, 16]} data-testid={`review-detail-${q.title}`}>
              <Col xs={24} xl={14}>
                <QuestionDetails q={q} />
              </Col>
              <Col xs={24} xl={10}>
                <QuestionPreview question={bodyOf(q)} disabled testId={`review-preview-${q.questionId}`} />
              </Col>
            </Row>
          ),
        }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('common.total', { count: total }))}
      />
      <RejectModal open={rejecting !== null} count={rejecting?.length ?? 0} loading={review.isPending} onOk={(note) => decide(rejecting ?? [], 'reject', note).catch(() => undefined)} onClose={() => setRejecting(null)} />
      {modalHolder}
    </Card>
  );
}
