import type { ReactNode } from 'react';
import { Card, Col, Empty, Flex, Row, Skeleton, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { useMyPlans } from '../api/get-my-plans.ts';
import { formatLessonDay, todayIso } from '../../../lib/class-time.ts';
import { FrontDrafts } from '../components/FrontDrafts.tsx';
import { FrontPlanCard } from '../components/FrontPlanCard.tsx';
import { FrontShortcuts } from '../components/FrontShortcuts.tsx';
import { ReceivedList } from '../components/ReceivedList.tsx';

/**
 * /Evaluate, the front page: what this person should do today. A supervisor sees their plans in
 * progress with the next classes, the invitations waiting for an answer, their open drafts and
 * shortcuts; a teacher the evaluations received and the answers to their appeals. The invitations
 * and appeals boxes belong to their features: the app composes them in (app/composed-pages).
 */
export function EvaluatePage({ invitations, appeals }: { invitations?: ReactNode; appeals?: ReactNode }) {
  const { t } = useTranslation('evaluations');
  const access = useMyAccess();
  if (!access.ready) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const supervisor = access.can('LessonEvaluationPlan');
  return (
    <Flex vertical gap={12} data-testid="front-page">
      <Flex vertical>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {menuTitle(t, 'Evaluate')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('front.today', { date: formatLessonDay(todayIso(), true) })}</Typography.Text>
      </Flex>
      {supervisor ? <SupervisorFront can={access.can} invitations={invitations} /> : <TeacherFront can={access.can} appeals={appeals} />}
    </Flex>
  );
}

function SupervisorFront({ can, invitations }: { can: (key: string) => boolean; invitations: ReactNode }) {
  const { t } = useTranslation('evaluations');
  const plans = useMyPlans({ pageNum: 1, pageSize: 6, phase: 'inProgress' });
  const list = plans.data?.list ?? [];
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={16}>
        <Card size="small" title={t('front.plans')} styles={{ body: { padding: 12 } }} data-testid="front-plans">
          {plans.isLoading ? (
            <Spin style={{ display: 'block', margin: '24px auto' }} />
          ) : list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('front.noPlans')} />
          ) : (
            <Row gutter={[12, 12]}>
              {list.map((p) => (
                <Col key={p.planId} xs={24} xl={12}>
                  <FrontPlanCard plan={p} />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Flex vertical gap={12}>
          {invitations}
          {can('LessonEvaluationRecord') && <FrontDrafts />}
          <FrontShortcuts can={can} />
        </Flex>
      </Col>
    </Row>
  );
}

/** A teacher (or anyone who does not evaluate): the evaluations received, and the answers to my appeals beside them. */
function TeacherFront({ can, appeals }: { can: (key: string) => boolean; appeals: ReactNode }) {
  if (!can('MeAppeal') || !appeals) return <ReceivedList canOpen={can('TeachingRecordDetail')} />;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={16}>
        <ReceivedList canOpen={can('TeachingRecordDetail')} />
      </Col>
      <Col xs={24} lg={8}>
        {appeals}
      </Col>
    </Row>
  );
}
