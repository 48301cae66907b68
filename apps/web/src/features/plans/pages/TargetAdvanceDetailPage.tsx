import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ZId } from '@hxk/contracts/common';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useTargetDetail } from '../api/get-target-detail.ts';
import { CourseProgressTable } from '../components/CourseProgressTable.tsx';
import { PlanDescriptions } from '../components/PlanDescriptions.tsx';
import { SupervisorProgressTable } from '../components/SupervisorProgressTable.tsx';

const LIST = '/back/targetAdvance';

/** Who is behind in one published plan: supervisors (behind first) and each course's coverage. */
export function TargetAdvanceDetailPage() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const planId = rawId && ZId.safeParse(rawId).success ? rawId : null;
  const detail = useTargetDetail(planId);

  if (!planId || detail.isError)
    return <Result status="404" title={t('detail.notFound')} extra={<Button onClick={() => navigate(LIST)}>{t('action.back')}</Button>} />;
  const d = detail.data;
  return (
    <Card
      title={d ? d.plan.name : menuTitle(t, 'targetAdvanceDetail')}
      extra={
        <Button onClick={() => navigate(LIST)} data-testid="target-back">
          {t('action.back')}
        </Button>
      }
      data-testid="target-detail"
    >
      {!d ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <PlanDescriptions plan={d.plan} />
          <div>
            <Typography.Title level={5}>{t('detail.supervisorProgress')}</Typography.Title>
            <SupervisorProgressTable rows={d.supervisors} loading={detail.isFetching} behindFirst />
          </div>
          <div>
            <Typography.Title level={5}>{t('detail.courseProgress')}</Typography.Title>
            <CourseProgressTable rows={d.courses} loading={detail.isFetching} />
          </div>
        </Space>
      )}
    </Card>
  );
}
