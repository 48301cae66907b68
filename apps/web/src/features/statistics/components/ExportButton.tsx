import { useState } from 'react';
import { Button, Progress, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TStatsExportRequest } from '@hxk/contracts/statistics-exports';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadStatsExport, useStartStatsExport, useStatsExportJob } from '../api/stats-export.ts';

/**
 * The Excel export of a statistics view (one component for every view's toolbar): starts a background
 * job with the view's current query, shows its progress, and offers the file when it is done. Changing
 * the filters afterwards offers a new export of what is on screen now.
 */
export function ExportButton({ request }: { request: TStatsExportRequest | null }) {
  const { t } = useTranslation('statistics');
  const key = request ? JSON.stringify(request) : '';
  const [started, setStarted] = useState<{ jobId: string; key: string } | null>(null);
  const start = useStartStatsExport();
  const current = started && started.key === key ? started.jobId : null;
  const job = useStatsExportJob(current);
  const j = current ? job.data : undefined;
  const [downloading, setDownloading] = useState(false);

  const begin = () => {
    if (!request) return;
    start.mutate(request, { onSuccess: ({ jobId }) => setStarted({ jobId, key }) });
  };

  if (current && (!j || j.status === 'queued' || j.status === 'running')) {
    const percent = j && j.total > 0 ? Math.floor((j.progress / j.total) * 100) : 0;
    return (
      <Space size={8} className="print-hidden" data-testid="stats-export-progress" aria-live="polite">
        <Progress percent={percent} size="small" style={{ width: 100, margin: 0 }} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {j?.status === 'running' ? t('export.running', { done: j.progress, total: j.total }) : t('export.queued')}
        </Typography.Text>
      </Space>
    );
  }
  if (j?.status === 'done' && j.fileName) {
    const fileName = j.fileName;
    return (
      <Space size={8} className="print-hidden" wrap>
        <Tooltip title={j.expiresAt ? t('export.expires', { at: formatDateTime(j.expiresAt) }) : undefined}>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              downloadStatsExport(j.jobId, fileName).catch(() => undefined).finally(() => setDownloading(false));
            }}
            data-testid="stats-export-download"
          >
            {t('export.download')} ({t('export.rows', { count: j.rows ?? 0 })})
          </Button>
        </Tooltip>
        <Button type="link" onClick={begin} loading={start.isPending} style={{ paddingInline: 0 }} data-testid="stats-export-again">{t('export.again')}</Button>
      </Space>
    );
  }
  return (
    <Space size={8} className="print-hidden" wrap>
      {j?.status === 'failed' ? <Typography.Text type="danger" data-testid="stats-export-failed">{t('export.failed', { message: j.message ?? '' })}</Typography.Text> : null}
      <Tooltip title={t('export.hint')}>
        <Button icon={<FileExcelOutlined />} onClick={begin} loading={start.isPending} disabled={!request} data-testid="stats-export">
          {j?.status === 'failed' ? t('export.again') : t('export.button')}
        </Button>
      </Tooltip>
    </Space>
  );
}
