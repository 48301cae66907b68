import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QUESTIONNAIRE_AUDIENCES, QUESTIONNAIRE_STATUSES, type TQuestionnaireSummary } from '@hxk/contracts/questionnaires';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useQuestionnaires, type QuestionnaireQuery } from '../api/get-questionnaires.ts';
import { detailsPath } from '../components/fill-path.ts';
import { QuestionnaireBatchBar } from '../components/QuestionnaireBatchBar.tsx';
import { QuestionnaireDrawer, type EditTarget } from '../components/QuestionnaireDrawer.tsx';
import { QuestionnaireStatusTag } from '../components/QuestionnaireStatusTag.tsx';
import { useQuestionnaireActions } from '../components/use-questionnaire-actions.ts';

type Row = TQuestionnaireSummary;

/** /back/assignmentsQuestionnaire: the school's questionnaires, filtered and paged; create, edit, publish, close, delete. */
export function AssignmentsQuestionnairePage() {
  const { t } = useTranslation('questionnaires');
  const navigate = useNavigate();
  const [query, setQuery] = useState<QuestionnaireQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<EditTarget>(undefined);
  const page = useQuestionnaires(query);
  const { run } = useQuestionnaireActions();

  const columns: ColumnsType<Row> = [
    {
      title: t('list.title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <Space orientation="vertical" size={0} style={{ minWidth: 180 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {v}
          </Typography.Text>
          {r.description && (
            <Typography.Text type="secondary" style={{ fontSize: 13, maxWidth: 240 }} ellipsis={{ tooltip: r.description }}>
              {r.description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('list.status'), dataIndex: 'status', render: (_, r) => <QuestionnaireStatusTag status={r.status} testId={`q-status-${r.title}`} /> },
    { title: t('list.audience'), dataIndex: 'audience', render: (_, r) => <Tag style={{ marginInlineEnd: 0 }}>{t(`audience.${r.audience}`)}</Tag> },
    { title: t('list.dates'), key: 'dates', render: (_, r) => t('feedback.dateRange', { start: r.startDate, end: r.endDate }) },
    { title: t('list.questions'), dataIndex: 'questionCount', align: 'right' },
    { title: t('list.targets'), key: 'targets', render: (_, r) => (r.audience === 'student' ? t('list.courseCount', { count: r.courseCount }) : t('list.teacherCount', { count: r.teacherCount })), responsive: ['xxl'] },
    { title: t('list.responses'), dataIndex: 'responseCount', align: 'right' },
    { title: t('list.createdBy'), key: 'createdBy', render: (_, r) => (r.createdBy ? r.createdBy.name : '—'), responsive: ['xxl'] },
    { title: t('list.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), responsive: ['xxl'] },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap={false}>
          {r.status === 'draft' && (
            <Permission code="questionnaire:edit">
              <Button type="link" size="small" onClick={() => setEditing({ questionnaireId: r.questionnaireId })} data-testid={`q-edit-${r.title}`}>
                {t('list.edit')}
              </Button>
            </Permission>
          )}
          <Button type="link" size="small" onClick={() => void navigate(`/example?questionnaireId=${r.questionnaireId}`)} data-testid={`q-preview-${r.title}`}>
            {t('list.preview')}
          </Button>
          {r.status !== 'draft' && (
            <Button type="link" size="small" onClick={() => void navigate(detailsPath(r.questionnaireId))} data-testid={`q-results-${r.title}`}>
              {t('list.results')}
            </Button>
          )}
          {r.status !== 'published' && (
            <Permission code="questionnaire:edit">
              <DeleteLink
                label={t('actions.delete')}
                title={t('actions.deleteOne', { title: r.title })}
                description={t('actions.deleteHint')}
                onConfirm={() => run('delete', [r.questionnaireId]).then(() => setSelected((s) => s.filter((x) => x.questionnaireId !== r.questionnaireId)))}
                testId={`q-delete-${r.title}`}
              />
            </Permission>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'assignmentsQuestionnaire')} data-testid="q-admin-page">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input.Search allowClear placeholder={t('list.search')} style={{ width: 240 }} onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))} data-testid="q-search" />
          <Select
            allowClear
            placeholder={t('list.statusFilter')}
            style={{ width: 140 }}
            options={QUESTIONNAIRE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(status) => setQuery((q) => ({ ...q, pageNum: 1, status }))}
            aria-label={t('list.statusFilter')}
            data-testid="q-status-filter"
          />
          <Select
            allowClear
            placeholder={t('list.audienceFilter')}
            style={{ width: 140 }}
            options={QUESTIONNAIRE_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))}
            onChange={(audience) => setQuery((q) => ({ ...q, pageNum: 1, audience }))}
            aria-label={t('list.audienceFilter')}
            data-testid="q-audience-filter"
          />
        </Space>
        <Space wrap>
          <QuestionnaireBatchBar selected={selected} onDone={() => setSelected([])} />
          <Permission code="questionnaire:edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ questionnaireId: null })} data-testid="q-add">
              {t('list.add')}
            </Button>
          </Permission>
        </Space>
      </Flex>
      <Table<Row>
        rowKey="questionnaireId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        onRow={(r) => ({ 'data-testid': `q-row-${r.title}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: selected.map((x) => x.questionnaireId),
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) =>
            setSelected((prev) => keys.map((k) => rows.find((r) => r?.questionnaireId === k) ?? prev.find((p) => p.questionnaireId === k)).filter((r): r is Row => Boolean(r))),
        }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
      <QuestionnaireDrawer target={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
