import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TPlanSummary } from '@hxk/contracts/plans';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeletePlans } from '../api/delete-plans.ts';
import { usePublishPlans } from '../api/publish-plans.ts';
import { useUnpublishPlans } from '../api/unpublish-plans.ts';
import { offered, refusalMessage } from './refusal.ts';

type Props = {
  plan: Pick<TPlanSummary, 'planId' | 'name' | 'published' | 'endDate'>;
  /** Show a "Detail" link first (lists). */
  detail?: boolean;
  /** Buttons instead of links (detail page header). */
  buttons?: boolean;
  onDeleted?: () => void;
};

/** The actions a plan allows now (planActionRefusal): detail, edit, publish or unpublish, delete. */
export function PlanActions({ plan, detail, buttons, onDeleted }: Props) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const publish = usePublishPlans();
  const unpublish = useUnpublishPlans();
  const remove = useDeletePlans();
  const kind = buttons ? 'default' : 'link';
  const size = buttons ? 'middle' : 'small';
  const tid = (a: string) => `plan-${a}-${plan.name}`;
  const publishRefusal = refusalMessage(plan, 'publish');

  return (
    <Space size={buttons ? 8 : 0} wrap>
      {detail && (
        <Button type={kind} size={size} onClick={() => navigate(`/back/supervisionSchemeDetail?id=${plan.planId}`)} data-testid={tid('detail')}>
          {t('action.detail')}
        </Button>
      )}
      <Permission code="plan:edit">
        {offered(plan, 'edit') && (
          <Button type={kind} size={size} onClick={() => navigate(`/back/supervisionSchemeAddPlan?id=${plan.planId}`)} data-testid={tid('edit')}>
            {t('action.edit')}
          </Button>
        )}
      </Permission>
      <Permission code="plan:publish">
        {offered(plan, 'publish') && (
          <Tooltip title={publishRefusal}>
            <Button
              type={buttons ? 'primary' : 'link'}
              size={size}
              disabled={publishRefusal !== null}
              loading={publish.isPending}
              onClick={() => publish.mutate([plan.planId], { onSuccess: () => toastSuccess(t('action.published')) })}
              data-testid={tid('publish')}
            >
              {t('action.publish')}
            </Button>
          </Tooltip>
        )}
        {offered(plan, 'unpublish') && (
          <Popconfirm
            title={t('action.unpublishConfirm', { name: plan.name })}
            description={t('action.unpublishHint')}
            okText={t('action.unpublish')}
            cancelText={t('common:action.cancel')}
            onConfirm={() => unpublish.mutateAsync([plan.planId]).then(() => toastSuccess(t('action.unpublished')))}
          >
            <Button type={kind} size={size} loading={unpublish.isPending} data-testid={tid('unpublish')}>
              {t('action.unpublish')}
            </Button>
          </Popconfirm>
        )}
      </Permission>
      <Permission code="plan:edit">
        {offered(plan, 'delete') &&
          (buttons ? (
            <Popconfirm
              title={t('action.deleteConfirm', { name: plan.name })}
              description={t('action.deleteHint')}
              okText={t('action.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:action.cancel')}
              onConfirm={() => remove.mutateAsync([plan.planId]).then(() => (toastSuccess(t('action.deleted')), onDeleted?.()))}
            >
              <Button danger loading={remove.isPending} data-testid={tid('delete')}>
                {t('action.delete')}
              </Button>
            </Popconfirm>
          ) : (
            <DeleteLink
              label={t('action.delete')}
              title={t('action.deleteConfirm', { name: plan.name })}
              description={t('action.deleteHint')}
              onConfirm={() => remove.mutateAsync([plan.planId]).then(() => (toastSuccess(t('action.deleted')), onDeleted?.()))}
              testId={tid('delete')}
            />
          ))}
      </Permission>
    </Space>
  );
}
