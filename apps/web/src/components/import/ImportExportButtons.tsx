import { useState } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '../Permission.tsx';
import { downloadFile, exportPath, type ExportFilters, type ImportKind } from './api.ts';
import { ImportModal } from './ImportModal.tsx';

/**
 * Import (template, check, import) and Export buttons of a list screen, each behind its button
 * permission (`<kind>:import`, `<kind>:export`). The export takes the list's current filters.
 */
export function ImportExportButtons<K extends ImportKind>({ kind, filters }: { kind: K; filters?: ExportFilters<K> }) {
  const { t } = useTranslation('imports');
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportNow = () => {
    setExporting(true);
    const query = Object.fromEntries(Object.entries(filters ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string | number>;
    downloadFile(exportPath(kind), query, `${kind}.xlsx`).catch(() => undefined).finally(() => setExporting(false));
  };

  // Its own Space: inside a parent Space the two buttons would otherwise be one item, without a gap.
  return (
    <Space wrap>
      <Permission code={`${kind}:import`}>
        <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid={`${kind}-import`}>
          {t('importButton')}
        </Button>
        <ImportModal kind={kind} open={open} onClose={() => setOpen(false)} />
      </Permission>
      <Permission code={`${kind}:export`}>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportNow} data-testid={`${kind}-export`}>
          {t('exportButton')}
        </Button>
      </Permission>
    </Space>
  );
}
