import { useState } from 'react';
import { Card, Col, Empty, Flex, Input, Pagination, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TPlanSummary } from '@hxk/contracts/plans';
import { PLAN_PHASES } from '@hxk/contracts/workflow';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyPlans, type MyPlanQuery } from '../api/get-my-plans.ts';
import { ClassesDrawer } from '../components/ClassesDrawer.tsx';
import { MyPlanCard } from '../components/MyPlanCard.tsx';

/** The plans I supervise in (phones too): my progress and next classes per plan, classes by day in a drawer. */
export function LessonEvaluationPlanPage() {
  const { t } = useTranslation('plans');
  const [query, setQuery] = useState<MyPlanQuery>({ pageNum: 1, pageSize: 10 });
  const [browsing, setBrowsing] = useState<{ planId: string; name: string; canEvaluate: boolean } | null>(null);
  // The page stays mounted (kept alive) when an Evaluate button leaves it: its drawer must not.
  const here = useLocation().pathname === '/LessonEvaluationPlan';
  const page = useMyPlans(query);
  const list = page.data?.list ?? [];

  return (
    <Card title={menuTitle(t, 'LessonEvaluationPlan')} styles={{ body: { padding: 12 } }} data-testid="my-plans-page">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          style={{ flex: '1 1 180px', maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="my-plans-search"
        />
        <Select<TPlanSummary['phase']>
          allowClear
          placeholder={t('filter.phase')}
          style={{ flex: '0 1 140px' }}
          options={PLAN_PHASES.map((p) => ({ value: p, label: t(`evaluation:planPhase.${p}`) }))}
          onChange={(phase) => setQuery((q) => ({ ...q, phase, pageNum: 1 }))}
          aria-label={t('filter.phase')}
          data-testid="my-plans-phase"
        />
      </Flex>
      <Spin spinning={page.isFetching}>
        {list.length === 0 ? (
          <Empty description={page.isLoading ? t('picker.loading') : t('my.empty')} style={{ padding: 32 }} />
        ) : (
          <Row gutter={[12, 12]}>
            {list.map((p) => (
              <Col key={p.planId} xs={24} lg={12} xxl={8}>
                <MyPlanCard plan={p} onClasses={() => setBrowsing({ planId: p.planId, name: p.name, canEvaluate: p.phase === 'inProgress' })} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {(page.data?.total ?? 0) > query.pageSize && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }}
          simple
          current={query.pageNum}
          pageSize={query.pageSize}
          total={page.data?.total ?? 0}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
        />
      )}
      <ClassesDrawer plan={here ? browsing : null} onClose={() => setBrowsing(null)} />
    </Card>
  );
}
