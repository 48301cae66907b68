import { Alert, Button, Modal, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TSensitiveWordsImportResult } from '@hxk/contracts/analysis';
import { useImportSensitiveWords } from '../api/import-sensitive-words.ts';

type LineError = TSensitiveWordsImportResult['errors'][number];

/** CSV import of the lexicon (word,category,severity): good lines are imported, bad ones listed with their line and reason. */
export function SensitiveWordsImport({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('analysis');
  const run = useImportSensitiveWords();
  const close = () => {
    run.reset();
    onClose();
  };
  const result = run.data;
  return (
    <Modal open={open} title={t('words.import')} onCancel={close} footer={<Button onClick={close} data-testid="words-import-close">{t('action.close')}</Button>} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('words.importHint')}</Typography.Paragraph>
      <Typography.Paragraph><Typography.Text code>word,category,severity</Typography.Text></Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,text/csv"
        showUploadList={false}
        disabled={run.isPending}
        beforeUpload={(file) => {
          run.mutate(file);
          return false;
        }}
        data-testid="words-import-file"
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{run.isPending ? t('words.importing') : t('words.chooseFile')}</p>
      </Upload.Dragger>
      {result ? (
        <div style={{ marginTop: 16 }} data-testid="words-import-result">
          <Alert
            type={result.errors.length ? 'warning' : 'success'}
            showIcon
            title={result.errors.length ? t('words.importErrors', { count: result.errors.length }) : t('words.imported', { count: result.imported })}
          />
          {result.errors.length ? (
            <Table<LineError>
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(e) => `${e.line}-${e.column ?? ''}-${e.reason}`}
              dataSource={result.errors}
              pagination={result.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
              columns={[
                { key: 'line', title: t('words.line'), dataIndex: 'line', width: 70 },
                { key: 'column', title: t('words.column'), dataIndex: 'column', width: 100, render: (c: string | null) => c ?? '—' },
                { key: 'reason', title: t('words.reason'), dataIndex: 'reason', render: (r: string) => (i18n.exists(`analysis:words.reasons.${r}`) ? t(`words.reasons.${r}`) : r) },
              ]}
              data-testid="words-import-errors"
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
