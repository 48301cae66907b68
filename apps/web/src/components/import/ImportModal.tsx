import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { Alert, Button, Modal, Progress, Result, Space, Table, Typography, Upload } from 'antd';
import { InboxOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { serverPagination } from '../server-pagination.ts';
import { downloadFile, templatePath, useImportJob, useInvalidateAfterImport, useRunImport, useUploadImport, type ImportJob, type ImportKind, type JobQuery } from './api.ts';

type RowError = ImportJob['errors']['list'][number];
const PAGE = { pageNum: 1, pageSize: 10 };

/**
 * The import dialog: download the template, choose a file, watch its check (every row, nothing
 * written), read the report of bad rows, then import a clean file all or nothing.
 */
export function ImportModal({ kind, open, onClose }: { kind: ImportKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('imports');
  const [checkQuery, setCheckQuery] = useState<JobQuery | null>(null);
  const [runQuery, setRunQuery] = useState<JobQuery | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const upload = useUploadImport(kind);
  const runImport = useRunImport(kind);
  const invalidate = useInvalidateAfterImport(kind);
  const check = useImportJob(kind, checkQuery);
  const run = useImportJob(kind, runQuery);

  const reset = () => {
    setCheckQuery(null);
    setRunQuery(null);
    setFileName(null);
    upload.reset();
    runImport.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = (file: File) => {
    reset();
    setFileName(file.name);
    upload.mutate(file, { onSuccess: ({ jobId }) => setCheckQuery({ jobId, ...PAGE }) });
    return false; // the request is ours, not the Upload component's
  };
  const start = () => {
    if (!checkQuery) return;
    runImport.mutate(checkQuery.jobId, { onSuccess: ({ jobId }) => setRunQuery({ jobId, ...PAGE }) });
  };
  const template = () => {
    setDownloading(true);
    downloadFile(templatePath(kind), undefined, `${kind}-template.xlsx`).catch(() => undefined).finally(() => setDownloading(false));
  };

  // Kept-previous data of another job (a new file was chosen) is not this job's.
  const checkJob = checkQuery && check.data?.jobId === checkQuery.jobId ? check.data : undefined;
  const runJob = runQuery && run.data?.jobId === runQuery.jobId ? run.data : undefined;
  const active = runQuery ? runJob : checkJob;
  const busy = upload.isPending || runImport.isPending || Boolean(active && (active.status === 'queued' || active.status === 'running'));
  const checkClean = checkJob?.status === 'done' && checkJob.counts.errors === 0;
  const canImport = checkClean && !runQuery && !runImport.isPending;
  // The lists behind the dialog show what was imported.
  const importedJobId = runJob?.status === 'done' ? runJob.jobId : null;
  useEffect(() => {
    if (importedJobId) void invalidate();
  }, [importedJobId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per finished import

  const columns: ColumnsType<RowError> = [
    { title: t('report.row'), dataIndex: 'row', width: 90 },
    { title: t('report.column'), dataIndex: 'columnLabel', width: 160, render: (v: string) => v || '—' },
    { title: t('report.reason'), dataIndex: 'reason' },
  ];
  const report = (job: ImportJob, query: JobQuery, setQuery: Dispatch<SetStateAction<JobQuery | null>>) => (
    <Table<RowError>
      rowKey={(r) => `${r.row}-${r.column}-${r.reason}`}
      size="small"
      columns={columns}
      dataSource={job.errors.list}
      locale={{ emptyText: t('report.empty') }}
      // Shown only while its query is set, so the setter always sees one.
      pagination={serverPagination(query, setQuery as Dispatch<SetStateAction<JobQuery>>, job.errors.total, (n) => t('report.total', { count: n }))}
      data-testid="import-report"
    />
  );

  const progress = (job: ImportJob | undefined, label: string) => (
    <div data-testid="import-progress">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Progress percent={job && job.total ? Math.floor((job.progress / job.total) * 100) : 0} status="active" />
      {job && job.total ? <Typography.Text type="secondary">{t('progress.rows', { done: job.progress, total: job.total })}</Typography.Text> : null}
    </div>
  );

  return (
    <Modal
      open={open}
      title={t(`title.${kind}`)}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close} data-testid="import-close">
            {runJob?.status === 'done' ? t('close') : t('cancel')}
          </Button>
          <Button type="primary" disabled={!canImport} loading={runImport.isPending || (Boolean(runQuery) && busy)} onClick={start} data-testid="import-run">
            {t('import')}
          </Button>
        </Space>
      }
    >
      <div data-testid="import-modal">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text>{t('templateHint')}</Typography.Text>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={template} data-testid="import-template">
              {t('downloadTemplate')}
            </Button>
          </Space>
          {!runJob || runJob.status === 'failed' ? (
            <Upload.Dragger accept=".xlsx" multiple={false} showUploadList={false} beforeUpload={choose} disabled={busy} data-testid="import-upload">
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{fileName ? t('chosen', { name: fileName }) : t('choose')}</p>
              <p className="ant-upload-hint">{t('chooseHint')}</p>
            </Upload.Dragger>
          ) : null}

          {upload.isPending ? progress(undefined, t('progress.uploading')) : null}
          {checkJob && !runQuery && (checkJob.status === 'queued' || checkJob.status === 'running') ? progress(checkJob, t('progress.checking')) : null}
          {checkJob && !runQuery && checkJob.status === 'failed' ? <Alert type="error" showIcon message={checkJob.message} data-testid="import-failed" /> : null}
          {checkJob && !runQuery && checkJob.status === 'done' && checkJob.counts.errors > 0 ? (
            <>
              <Alert type="warning" showIcon message={t('report.hasErrors', { count: checkJob.counts.errors, rows: checkJob.counts.rows })} data-testid="import-has-errors" />
              {report(checkJob, checkQuery!, setCheckQuery)}
            </>
          ) : null}
          {checkClean && !runQuery ? (
            <Alert
              type="success"
              showIcon
              message={t('report.clean', { rows: checkJob.counts.rows, created: checkJob.counts.created, updated: checkJob.counts.updated })}
              description={checkJob.counts.invited ? t('report.invited', { count: checkJob.counts.invited }) : undefined}
              data-testid="import-clean"
            />
          ) : null}

          {runJob && (runJob.status === 'queued' || runJob.status === 'running') ? progress(runJob, t('progress.importing')) : null}
          {runJob?.status === 'failed' ? (
            <>
              <Alert type="error" showIcon message={runJob.message} data-testid="import-failed" />
              {runJob.errors.total ? report(runJob, runQuery!, setRunQuery) : null}
            </>
          ) : null}
          {runJob?.status === 'done' ? (
            <Result
              status="success"
              title={t('result.title')}
              subTitle={[
                t(kind === 'course' ? 'result.courses' : 'result.summary', { rows: runJob.counts.rows, created: runJob.counts.created, updated: runJob.counts.updated, sessions: runJob.counts.sessions ?? 0 }),
                runJob.counts.invited ? t('result.invited', { count: runJob.counts.invited }) : '',
              ].join(' ').trim()}
              data-testid="import-result"
            />
          ) : null}
        </Space>
      </div>
    </Modal>
  );
}
