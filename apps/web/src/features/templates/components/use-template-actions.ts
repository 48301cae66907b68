import { useTranslation } from 'react-i18next';
import { nextTemplateStatus, type TTemplateStatus } from '@hxk/contracts/workflow';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCopyTemplates } from '../api/copy-templates.ts';
import { useDeleteTemplates } from '../api/delete-templates.ts';
import { usePublishTemplates } from '../api/publish-templates.ts';
import { useStopTemplates } from '../api/stop-templates.ts';

export type BatchAction = 'publish' | 'stop' | 'delete' | 'copy';
export type ActionTarget = { templateId: string; name: string; status: TTemplateStatus };

/** Which of the targets the state machine lets take the action. */
export const allowedFor = (action: BatchAction, targets: ActionTarget[]) => targets.filter((x) => nextTemplateStatus(x.status, action) !== null);

/** The publish / stop / delete / copy calls of the list and the detail, with their success toasts. */
export function useTemplateActions() {
  const { t } = useTranslation('templates');
  const publish = usePublishTemplates();
  const stop = useStopTemplates();
  const remove = useDeleteTemplates();
  const copy = useCopyTemplates();

  /** Runs the action; false when the server refused it (its message is already shown as a toast). */
  const run = async (action: BatchAction, ids: string[]): Promise<boolean> => {
    if (!ids.length) return false;
    try {
      await call(action, ids);
      return true;
    } catch {
      return false;
    }
  };
  const call = async (action: BatchAction, ids: string[]): Promise<void> => {
    switch (action) {
      case 'publish':
        await publish.mutateAsync(ids);
        toastSuccess(t('action.published', { count: ids.length }));
        return;
      case 'stop':
        await stop.mutateAsync(ids);
        toastSuccess(t('action.stopped', { count: ids.length }));
        return;
      case 'delete':
        await remove.mutateAsync(ids);
        toastSuccess(t('action.deleted', { count: ids.length }));
        return;
      case 'copy': {
        const res = await copy.mutateAsync(ids);
        toastSuccess(res.copies.length === 1 ? t('action.copiedOne', { name: res.copies[0]?.name ?? '' }) : t('action.copied', { count: res.copies.length }));
        return;
      }
    }
  };
  const pending = publish.isPending || stop.isPending || remove.isPending || copy.isPending;
  return { run, pending };
}
