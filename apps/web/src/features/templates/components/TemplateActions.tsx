import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { nextTemplateStatus } from '@hxk/contracts/workflow';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useTemplateActions, type ActionTarget } from './use-template-actions.ts';

type Props = {
  target: ActionTarget;
  /** Links in a table row, or buttons on the detail page. */
  variant?: 'link' | 'button';
  /** Offer "View" (the list does; the detail is already that view). */
  showDetail?: boolean;
  onDeleted?: () => void;
  testId?: string;
};

/** The actions a template's state allows (TEMPLATE_TRANSITIONS), each behind its button permission. */
export function TemplateActions({ target, variant = 'link', showDetail = true, onDeleted, testId }: Props) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const { run, pending } = useTemplateActions();
  const can = (a: 'edit' | 'publish' | 'stop' | 'delete' | 'copy') => nextTemplateStatus(target.status, a) !== null;
  const tid = testId ?? `template-${target.name}`;
  const btn = variant === 'link' ? ({ type: 'link', size: 'small' } as const) : ({} as const);
  const ids = [target.templateId];

  return (
    <Space size={variant === 'link' ? 0 : 8} wrap>
      {showDetail && (
        <Button {...btn} onClick={() => navigate(`/back/evaluationDetail?id=${target.templateId}`)} data-testid={`${tid}-view`}>
          {t('action.view')}
        </Button>
      )}
      {can('edit') && (
        <Permission code="template:edit">
          <Button {...btn} type={variant === 'button' ? 'primary' : 'link'} onClick={() => navigate(`/back/evaluationAddTemplate?id=${target.templateId}`)} data-testid={`${tid}-edit`}>
            {t('action.edit')}
          </Button>
        </Permission>
      )}
      {can('copy') && (
        <Permission code="template:edit">
          <Button {...btn} disabled={pending} onClick={() => void run('copy', ids)} data-testid={`${tid}-copy`}>
            {t('action.copy')}
          </Button>
        </Permission>
      )}
      {can('publish') && (
        <Permission code="template:publish">
          <Button {...btn} disabled={pending} onClick={() => void run('publish', ids)} data-testid={`${tid}-publish`}>
            {t('action.publish')}
          </Button>
        </Permission>
      )}
      {can('stop') && (
        <Permission code="template:publish">
          <Popconfirm
            title={t('action.stopConfirm', { name: target.name })}
            description={t('action.stopHint')}
            okText={t('action.stop')}
            cancelText={t('common:action.cancel')}
            onConfirm={() => run('stop', ids)}
          >
            <Button {...btn} danger={variant === 'button'} data-testid={`${tid}-stop`}>
              {t('action.stop')}
            </Button>
          </Popconfirm>
        </Permission>
      )}
      {can('delete') && (
        <Permission code="template:edit">
          {variant === 'link' ? (
            <DeleteLink label={t('action.delete')} title={t('action.deleteConfirm', { name: target.name })} description={t('action.deleteHint')} onConfirm={() => run('delete', ids).then((ok) => ok && onDeleted?.())} testId={`${tid}-delete`} />
          ) : (
            <Popconfirm
              title={t('action.deleteConfirm', { name: target.name })}
              description={t('action.deleteHint')}
              okText={t('action.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:action.cancel')}
              onConfirm={() => run('delete', ids).then((ok) => ok && onDeleted?.())}
            >
              <Button danger data-testid={`${tid}-delete`}>
                {t('action.delete')}
              </Button>
            </Popconfirm>
          )}
        </Permission>
      )}
    </Space>
  );
}
