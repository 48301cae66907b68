import { useState } from 'react';
import { Button, List, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TLessonPlan, TPlanFile } from '@hxk/contracts/lesson-plans';
import { downloadFile } from '../import/api.ts';
import { planFileUrl, type PlanCitation } from './plan-file-url.ts';
import { PreviewModal, type PreviewTarget } from './PreviewModal.tsx';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const canPreview = (f: TPlanFile) => !f.expired && (f.preview === 'pdf' || f.preview === 'ready');

/**
 * A plan's files: current ones with preview (PDF, or converted) and download, and why a file has no
 * preview; with `history`, the files earlier versions had. Opened with `cite` (the class being patrolled or
 * evaluated), the server counts a citation once per person, plan and class.
 */
export function PlanFiles({ plan, cite, history = false }: { plan: TLessonPlan; cite?: PlanCitation | undefined; history?: boolean }) {
  const { t } = useTranslation('lessonPlans');
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const files = plan.files.filter((f) => history || f.removedIn === null);
  const download = (f: TPlanFile) => void downloadFile(planFileUrl(plan.planId, f.fileId, 'download', cite), undefined, f.name).catch(() => undefined);
  return (
    <>
      <List
        size="small"
        dataSource={files}
        data-testid={`plan-files-${plan.planId}`}
        renderItem={(f) => (
          <List.Item
            actions={f.expired ? [] : [
              canPreview(f) ? (
                <Button key="p" type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreview({ planId: plan.planId, fileId: f.fileId, name: f.name, cite })} data-testid={`plan-preview-${f.fileId}`}>
                  {t('file.preview')}
                </Button>
              ) : (
                <Tooltip key="n" title={t(`file.noPreview.${f.preview}`)}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`plan-no-preview-${f.fileId}`}>
                    {t(`file.noPreviewShort.${f.preview}`)}
                  </Typography.Text>
                </Tooltip>
              ),
              <Button key="d" type="link" size="small" icon={<DownloadOutlined />} onClick={() => download(f)} data-testid={`plan-download-${f.fileId}`}>
                {t('file.download')}
              </Button>,
            ]}
          >
            <Space size={6} wrap>
              <Typography.Text delete={f.removedIn !== null}>{f.name}</Typography.Text>
              <Typography.Text type="secondary">{sizeText(f.size)}</Typography.Text>
              {f.removedIn !== null && <Tag>{t('file.removedIn', { from: f.addedIn, to: f.removedIn })}</Tag>}
              {f.expired && <Tag color="default">{t('file.expired')}</Tag>}
            </Space>
          </List.Item>
        )}
      />
      {files.some((f) => !f.expired && f.preview === 'noConverter') && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }} data-testid="plan-no-converter-note">{t('file.noPreview.noConverter')}</Typography.Paragraph>
      )}
      <PreviewModal target={preview} onClose={() => setPreview(null)} />
    </>
  );
}
