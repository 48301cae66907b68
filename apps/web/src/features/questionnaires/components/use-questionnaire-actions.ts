import { useTranslation } from 'react-i18next';
import type { TQuestionnaireStatus } from '@hxk/contracts/questionnaires';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCloseQuestionnaires } from '../api/close-questionnaires.ts';
import { useDeleteQuestionnaires } from '../api/delete-questionnaires.ts';
import { usePublishQuestionnaires } from '../api/publish-questionnaires.ts';

export type QuestionnaireAction = 'publish' | 'close' | 'delete';
export type ActionTarget = { questionnaireId: string; status: TQuestionnaireStatus };

/** The states each action starts from (the server refuses a batch with any other: all or none). */
const FROM: Record<QuestionnaireAction, TQuestionnaireStatus[]> = { publish: ['draft'], close: ['published'], delete: ['draft', 'closed'] };

export const allowedFor = (action: QuestionnaireAction, targets: ActionTarget[]) => targets.filter((x) => FROM[action].includes(x.status));

/** Publish / close / delete calls with their success toasts; false when refused (already toasted). */
export function useQuestionnaireActions() {
  const { t } = useTranslation('questionnaires');
  const publish = usePublishQuestionnaires();
  const close = useCloseQuestionnaires();
  const remove = useDeleteQuestionnaires();
  const calls = { publish, close, delete: remove };
  const run = async (action: QuestionnaireAction, ids: string[]): Promise<boolean> => {
    if (!ids.length) return false;
    try {
      await calls[action].mutateAsync(ids);
      toastSuccess(t(`actions.${action}Done`, { count: ids.length }));
      return true;
    } catch {
      return false;
    }
  };
  return { run, pending: publish.isPending || close.isPending || remove.isPending };
}
