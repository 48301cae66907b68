import { useState } from 'react';
import { Button, Card, Drawer, Grid, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { EvaluationForm } from '../../../components/evaluation/EvaluationForm.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTemplateVersion } from '../api/get-template-version.ts';
import { useTemplateVersions } from '../api/get-template-versions.ts';

type VersionRow = NonNullable<ReturnType<typeof useTemplateVersions>['data']>[number];

/** The published versions of a template with the plans using each; a version opens as its form. */
export function VersionList({ templateId, current }: { templateId: string; current: number }) {
  const { t } = useTranslation('templates');
  const versions = useTemplateVersions(templateId);
  const [open, setOpen] = useState<string | null>(null);

  const columns: ColumnsType<VersionRow> = [
    {
      title: t('versions.version'),
      dataIndex: 'version',
      // The version itself opens it: a separate actions column does not fit beside the preview.
      render: (v: number, r) => (
        <Space size={4} wrap={false}>
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOpen(r.templateVersionId)} title={t('action.view')} data-testid={`version-view-${r.version}`}>
            {t('list.versionValue', { version: v })}
          </Button>
          {v === current && <Tag color="green">{t('versions.latest')}</Tag>}
        </Space>
      ),
    },
    { title: t('versions.publishedAt'), dataIndex: 'publishedAt', render: (v: string) => formatDateTime(v) },
    { title: t('versions.totalScore'), dataIndex: 'totalScore', align: 'right', responsive: ['xxl'] },
    { title: t('versions.planCount'), dataIndex: 'planCount', align: 'right' },
  ];

  return (
    <Card size="small" title={t('versions.title')} data-testid="template-versions">
      <Table<VersionRow>
        rowKey="templateVersionId"
        size="small"
        columns={columns}
        dataSource={versions.data}
        loading={versions.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('versions.empty') }}
      />
      <VersionDrawer versionId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

function VersionDrawer({ versionId, onClose }: { versionId: string | null; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const screens = Grid.useBreakpoint();
  const version = useTemplateVersion(versionId);
  const v = version.data;
  return (
    <Drawer open={versionId !== null} onClose={onClose} size={screens.md ? 640 : '100%'} title={v ? t('versions.drawerTitle', { name: v.name, version: v.version }) : t('versions.title')} destroyOnHidden data-testid="version-drawer">
      {!v ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('versions.publishedOn', { time: formatDateTime(v.publishedAt) })}
            {v.description && (
              <>
                <br />
                {v.description}
              </>
            )}
          </Typography.Paragraph>
          <EvaluationForm content={v.content} value={{}} readOnly testId="version-form" />
        </>
      )}
    </Drawer>
  );
}
