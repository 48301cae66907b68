import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TEMPLATE_STATUSES, type TTemplateStatus } from '@hxk/contracts/workflow';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useTemplates, type TemplateQuery, type TemplateSummary } from '../api/get-templates.ts';
import { TemplateActions } from '../components/TemplateActions.tsx';
import { TemplateBatchBar } from '../components/TemplateBatchBar.tsx';
import { TemplateStatusTag } from '../components/TemplateStatusTag.tsx';

/** The school's evaluation templates: search and status filter, paged list, row and batch actions. */
export function EvaluationTemplatePage() {
  const { t } = useTranslation(['templates', 'evaluation']);
  const navigate = useNavigate();
  const [query, setQuery] = useState<TemplateQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<TemplateSummary[]>([]);
  const page = useTemplates(query);

  const columns: ColumnsType<TemplateSummary> = [
    {
      title: t('list.name'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Link to={`/back/evaluationDetail?id=${r.templateId}`} data-testid={`template-name-${v}`}>
          <Typography.Text strong>{v}</Typography.Text>
        </Link>
      ),
    },
    { title: t('list.status'), dataIndex: 'status', render: (v: TTemplateStatus, r) => <TemplateStatusTag status={v} testId={`template-status-${r.name}`} /> },
    { title: t('list.version'), dataIndex: 'version', render: (v: number) => (v > 0 ? t('list.versionValue', { version: v }) : '—') },
    { title: t('list.totalScore'), dataIndex: 'totalScore', align: 'right' },
    { title: t('list.structure'), key: 'structure', render: (_, r) => t('list.structureValue', { sections: r.sectionCount, questions: r.questionCount }), responsive: ['xxl'] },
    { title: t('list.planCount'), dataIndex: 'planCount', align: 'right' },
    { title: t('list.creator'), dataIndex: 'creator', render: (_, r) => r.creator?.name ?? '—', responsive: ['xxl'] },
    { title: t('list.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), responsive: ['xxl'] },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => <TemplateActions target={r} testId={`template-${r.name}`} onDeleted={() => setSelected((s) => s.filter((x) => x.templateId !== r.templateId))} />,
    },
  ];

  return (
    <Card title={menuTitle(t, 'evaluationTemplate')} data-testid="templates">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('list.search')}
            style={{ width: 240 }}
            onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
            data-testid="template-search"
          />
          <Select<TTemplateStatus>
            allowClear
            placeholder={t('list.statusFilter')}
            style={{ width: 140 }}
            options={TEMPLATE_STATUSES.map((s) => ({ value: s, label: t(`evaluation:templateStatus.${s}`) }))}
            onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, status: v ?? undefined }))}
            aria-label={t('list.statusFilter')}
            data-testid="template-status-filter"
          />
        </Space>
        <Space wrap>
          <TemplateBatchBar selected={selected} onDone={() => setSelected([])} />
          <Permission code="template:edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/back/evaluationAddTemplate')} data-testid="template-add">
              {t('list.add')}
            </Button>
          </Permission>
        </Space>
      </Flex>
      <Table<TemplateSummary>
        rowKey="templateId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        onRow={(r) => ({ 'data-testid': `template-row-${r.name}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: selected.map((x) => x.templateId),
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) =>
            setSelected((prev) => keys.map((k) => rows.find((r) => r?.templateId === k) ?? prev.find((p) => p.templateId === k)).filter((r): r is TemplateSummary => Boolean(r))),
        }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Card>
  );
}
