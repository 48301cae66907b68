import { Button, Card, Result, Skeleton, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ZId } from '@hxk/contracts/common';
import { menuTitle } from '../../../lib/menu-title.ts';
import { usePlan } from '../api/get-plan.ts';
import { useProgress } from '../api/get-progress.ts';
import { CourseProgressTable } from '../components/CourseProgressTable.tsx';
import { PlanActions } from '../components/PlanActions.tsx';
import { PlanDescriptions } from '../components/PlanDescriptions.tsx';
import { PlanSupervisorsTable } from '../components/PlanSupervisorsTable.tsx';
import { SelectedCourses } from '../components/SelectedCourses.tsx';
import { SupervisorProgressTable } from '../components/SupervisorProgressTable.tsx';

const LIST = '/back/supervisionScheme';

/** One plan: its fields, courses, supervisors, and progress per supervisor and per course. */
export function SupervisionSchemeDetailPage() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const planId = rawId && ZId.safeParse(rawId).success ? rawId : null;
  const plan = usePlan(planId);
  const progress = useProgress(planId);

  if (!planId || plan.isError)
    return <Result status="404" title={t('detail.notFound')} extra={<Button onClick={() => navigate(LIST)}>{t('action.back')}</Button>} />;
  const p = plan.data;
  return (
    <Card
      title={p ? p.name : menuTitle(t, 'supervisionSchemeDetail')}
      extra={
        <Space wrap>
          {p && <PlanActions plan={p} buttons onDeleted={() => navigate(LIST)} />}
          <Button onClick={() => navigate(LIST)} data-testid="plan-back">
            {t('action.back')}
          </Button>
        </Space>
      }
      data-testid="plan-detail"
    >
      {!p ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <PlanDescriptions plan={p} />
          <Tabs
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'supervisorProgress',
                label: <span data-testid="plan-tab-supervisor-progress">{t('detail.supervisorProgress')}</span>,
                children: <SupervisorProgressTable rows={progress.data?.supervisors} loading={progress.isFetching} />,
              },
              {
                key: 'courseProgress',
                label: <span data-testid="plan-tab-course-progress">{t('detail.courseProgress')}</span>,
                children: <CourseProgressTable rows={progress.data?.courses} loading={progress.isFetching} />,
              },
              {
                key: 'courses',
                label: <span data-testid="plan-tab-courses">{t('detail.coursesTab', { count: p.courses.length })}</span>,
                children: <SelectedCourses value={p.courses} />,
              },
              {
                key: 'supervisors',
                label: <span data-testid="plan-tab-supervisors">{t('detail.supervisorsTab', { count: p.supervisors.length })}</span>,
                children: <PlanSupervisorsTable rows={p.supervisors} />,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
