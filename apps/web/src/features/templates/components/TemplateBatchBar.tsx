import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { allowedFor, useTemplateActions, type ActionTarget, type BatchAction } from './use-template-actions.ts';

const PERMISSION: Record<BatchAction, string> = { publish: 'template:publish', stop: 'template:publish', delete: 'template:edit', copy: 'template:edit' };
const ORDER: BatchAction[] = ['publish', 'stop', 'copy', 'delete'];

/**
 * Batch publish / stop / copy / delete of the selected templates, each after a confirmation that
 * says how many of the selection the action applies to (a published template cannot be deleted,
 * a draft cannot be stopped...); those that cannot take it are left as they are.
 */
export function TemplateBatchBar({ selected, onDone }: { selected: ActionTarget[]; onDone: (action: BatchAction) => void }) {
  const { t } = useTranslation('templates');
  const [modal, holder] = Modal.useModal();
  const { run, pending } = useTemplateActions();

  const ask = (action: BatchAction) => {
    const ok = allowedFor(action, selected);
    if (!ok.length) {
      void modal.info({ title: t(`batch.${action}`), content: t('batch.noneAllowed', { count: selected.length }), okText: t('batch.ok') });
      return;
    }
    void modal.confirm({
      title: t(`batch.${action}Confirm`, { count: ok.length }),
      content: (
        <>
          {ok.length < selected.length && <p>{t('batch.skipped', { count: selected.length - ok.length })}</p>}
          {action === 'stop' && <p>{t('action.stopHint')}</p>}
          {action === 'delete' && <p>{t('action.deleteHint')}</p>}
        </>
      ),
      okText: t(`action.${action}`),
      okButtonProps: action === 'delete' || action === 'stop' ? { danger: true } : {},
      cancelText: t('common:action.cancel'),
      onOk: () => run(action, ok.map((x) => x.templateId)).then((done) => done && onDone(action)),
    });
  };

  return (
    <Space wrap>
      {ORDER.map((action) => (
        <Permission key={action} code={PERMISSION[action]}>
          <Button danger={action === 'delete'} disabled={selected.length === 0 || pending} onClick={() => ask(action)} data-testid={`template-batch-${action}`}>
            {t(`batch.${action}`)}
          </Button>
        </Permission>
      ))}
      {holder}
    </Space>
  );
}
