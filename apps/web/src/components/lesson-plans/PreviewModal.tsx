import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { planFileUrl, type PlanCitation } from './plan-file-url.ts';

export type PreviewTarget = { planId: string; fileId: string; name: string; cite?: PlanCitation | undefined };

/** A PDF (or the PDF converted from an Office file) shown by the browser's own viewer. */
export function PreviewModal({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  const { t } = useTranslation('lessonPlans');
  return (
    <Modal open={!!target} title={target ? t('file.previewTitle', { name: target.name }) : ''} onCancel={onClose} footer={null} width="min(1000px, 96vw)" destroyOnHidden>
      {target && (
        <iframe
          title={target.name}
          src={planFileUrl(target.planId, target.fileId, 'preview', target.cite)}
          style={{ width: '100%', height: '75vh', border: 0 }}
          data-testid="plan-preview-frame"
        />
      )}
    </Modal>
  );
}
