import { Button, Modal, Space, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { allowedFor, useQuestionnaireActions, type ActionTarget, type QuestionnaireAction } from './use-questionnaire-actions.ts';

const ORDER: QuestionnaireAction[] = ['publish', 'close', 'delete'];

/**
 * Batch publish / close / delete of the selection, each after a confirmation saying how many it
 * applies to; those in another state are left out (a published questionnaire is closed, not deleted).
 */
export function QuestionnaireBatchBar({ selected, onDone }: { selected: ActionTarget[]; onDone: () => void }) {
  const { t } = useTranslation('questionnaires');
  const [modal, holder] = Modal.useModal();
  const { run, pending } = useQuestionnaireActions();

  const ask = (action: QuestionnaireAction) => {
    const ok = allowedFor(action, selected);
    if (!ok.length) {
      void modal.info({ title: t(`actions.${action}`), content: t(`actions.${action}None`), okText: t('actions.ok') });
      return;
    }
    void modal.confirm({
      title: t(`actions.${action}Confirm`, { count: ok.length }),
      content: (
        <>
          {ok.length < selected.length && <p>{t('actions.skipped', { count: selected.length - ok.length })}</p>}
          <p>{t(`actions.${action}Hint`)}</p>
        </>
      ),
      okText: t(`actions.${action}`),
      okButtonProps: { danger: action !== 'publish', 'data-testid': 'q-confirm-ok' } as ButtonProps,
      cancelText: t('common:action.cancel'),
      onOk: () => run(action, ok.map((x) => x.questionnaireId)).then((done) => done && onDone()),
    });
  };

  return (
    <Permission code="questionnaire:edit">
      <Space wrap>
        {ORDER.map((action) => (
          <Button key={action} danger={action === 'delete'} disabled={selected.length === 0 || pending} onClick={() => ask(action)} data-testid={`q-batch-${action}`}>
            {t(`actions.${action}`)}
          </Button>
        ))}
        {holder}
      </Space>
    </Permission>
  );
}
