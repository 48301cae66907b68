import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ZId } from '@hxk/contracts/common';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { usePlan } from '../api/get-plan.ts';
import { usePublishPlans } from '../api/publish-plans.ts';
import { useSavePlan } from '../api/save-plan.ts';
import { PlanActions } from '../components/PlanActions.tsx';
import { PlanFormFields } from '../components/PlanFormFields.tsx';
import { EMPTY_PLAN, planToValues, requestProblems, valuesToRequest, type PlanFormValues } from '../components/plan-form-values.ts';

const LIST = '/back/supervisionScheme';

/** Add a supervision plan, or edit an unpublished one (?id=); a published plan is shown read-only. */
export function SupervisionSchemeAddPlanPage() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const planId = rawId && ZId.safeParse(rawId).success ? rawId : null;
  const plan = usePlan(planId);
  const save = useSavePlan();
  const publish = usePublishPlans();
  const [form] = Form.useForm<PlanFormValues>();
  const [andPublish, setAndPublish] = useState(false);
  const locked = plan.data?.published === true;

  useEffect(() => {
    form.resetFields();
    if (plan.data) form.setFieldsValue(planToValues(plan.data));
  }, [plan.data, form]);

  const submit = (v: PlanFormValues, publishAfter: boolean) => {
    const req = valuesToRequest(v, planId);
    const problems = requestProblems(req, v.courses.length);
    if (problems.length) {
      form.setFields(problems);
      return;
    }
    save.mutate(req, {
      onSuccess: (saved) => {
        const done = () => navigate(`/back/supervisionSchemeDetail?id=${saved.planId}`);
        if (!publishAfter) {
          toastSuccess(t('form.saved'));
          done();
          return;
        }
        // Saved either way: a refused publish (e.g. the dates are over) leaves an unpublished plan to fix.
        publish.mutate([saved.planId], {
          onSuccess: () => (toastSuccess(t('form.savedPublished')), done()),
          onError: () => navigate(`/back/supervisionSchemeAddPlan?id=${saved.planId}`, { replace: true }),
        });
      },
    });
  };
  const submitWith = (publishAfter: boolean) => {
    setAndPublish(publishAfter);
    form.validateFields().then(
      (v) => submit(v, publishAfter),
      (e: { errorFields?: { name: (string | number)[] }[] }) => {
        const first = e.errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
      },
    );
  };

  if (rawId && !planId) return <Result status="404" title={t('detail.notFound')} />;
  if (plan.isError)
    return <Result status="404" title={t('detail.notFound')} extra={<Button onClick={() => navigate(LIST)}>{t('action.back')}</Button>} />;
  const busy = save.isPending || publish.isPending;
  return (
    <Card title={planId ? t('form.editTitle') : t('form.addTitle')} data-testid="plan-form">
      <Spin spinning={planId !== null && plan.isLoading}>
        {locked && plan.data && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('form.lockedTitle')}
            description={t('form.lockedHint')}
            action={<PlanActions plan={plan.data} buttons />}
            data-testid="plan-locked"
          />
        )}
        <Form<PlanFormValues> form={form} layout="vertical" initialValues={EMPTY_PLAN} disabled={locked}>
          <PlanFormFields plan={plan.data} disabled={locked} />
        </Form>
        <Space wrap>
          {/* One Permission per button: Space spaces its direct children only. */}
          {!locked && (
            <Permission code="plan:edit">
              <Button type="primary" loading={busy && !andPublish} disabled={busy} onClick={() => submitWith(false)} data-testid="plan-save">
                {t('form.save')}
              </Button>
            </Permission>
          )}
          {!locked && (
            <Permission code="plan:edit">
              <Permission code="plan:publish">
                <Button loading={busy && andPublish} disabled={busy} onClick={() => submitWith(true)} data-testid="plan-save-publish">
                  {t('form.savePublish')}
                </Button>
              </Permission>
            </Permission>
          )}
          <Button onClick={() => navigate(planId && locked ? `/back/supervisionSchemeDetail?id=${planId}` : LIST)} data-testid="plan-cancel">
            {locked ? t('action.back') : t('common:action.cancel')}
          </Button>
        </Space>
      </Spin>
    </Card>
  );
}
