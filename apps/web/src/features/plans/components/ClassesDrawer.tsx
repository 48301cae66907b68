import { useState } from 'react';
import { Button, DatePicker, Drawer, Flex, Grid } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMyClasses } from '../api/get-my-classes.ts';
import { PlanClassList } from './MyPlanCard.tsx';

/** The classes of one of my plans on a chosen day (today first), day by day. */
export function ClassesDrawer({ plan, onClose }: { plan: { planId: string; name: string; canEvaluate?: boolean } | null; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const wide = Grid.useBreakpoint().sm ?? true;
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const classes = useMyClasses({ planId: plan?.planId ?? '', date: day.format('YYYY-MM-DD') }, plan !== null);
  return (
    <Drawer
      open={plan !== null}
      onClose={onClose}
      title={plan ? t('my.classesOf', { name: plan.name }) : ''}
      size={wide ? 480 : '100%'}
      destroyOnHidden
      data-testid="my-classes-drawer"
    >
      <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
        <Button icon={<LeftOutlined />} aria-label={t('my.previousDay')} onClick={() => setDay((d) => d.subtract(1, 'day'))} data-testid="my-classes-prev" />
        <DatePicker value={day} onChange={(d) => setDay(d ?? dayjs())} allowClear={false} style={{ flex: 1 }} data-testid="my-classes-date" />
        <Button icon={<RightOutlined />} aria-label={t('my.nextDay')} onClick={() => setDay((d) => d.add(1, 'day'))} data-testid="my-classes-next" />
        <Button onClick={() => setDay(dayjs())} data-testid="my-classes-today">
          {t('my.today')}
        </Button>
      </Flex>
      {plan && <PlanClassList planId={plan.planId} classes={classes.data} loading={classes.isFetching} showDate={false} canEvaluate={plan.canEvaluate ?? true} testId="my-classes-list" />}
    </Drawer>
  );
}
