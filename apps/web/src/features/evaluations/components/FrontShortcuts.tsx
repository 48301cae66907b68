import { Button, Card, Flex } from 'antd';
import { CalendarOutlined, FieldTimeOutlined, HistoryOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuTitle } from '../../../lib/menu-title.ts';

const SHORTCUTS: { key: string; path: string; icon: ReactNode }[] = [
  { key: 'TemporaryCourseEvaluation', path: '/TemporaryCourseEvaluation', icon: <FieldTimeOutlined /> },
  { key: 'FreeCourse', path: '/FreeCourse', icon: <CalendarOutlined /> },
  { key: 'LessonEvaluationPlan', path: '/LessonEvaluationPlan', icon: <ScheduleOutlined /> },
  { key: 'LessonEvaluationRecord', path: '/LessonEvaluationRecord', icon: <HistoryOutlined /> },
];

/** Buttons to the listening screens this person may open. */
export function FrontShortcuts({ can }: { can: (key: string) => boolean }) {
  const { t } = useTranslation('evaluations');
  const navigate = useNavigate();
  const shown = SHORTCUTS.filter((s) => can(s.key));
  if (!shown.length) return null;
  return (
    <Card size="small" title={t('front.shortcuts')} data-testid="front-shortcuts">
      <Flex vertical gap={8}>
        {shown.map((s) => (
          <Button key={s.key} block icon={s.icon} onClick={() => void navigate(s.path)} style={{ justifyContent: 'flex-start' }} data-testid={`front-shortcut-${s.key}`}>
            {menuTitle(t, s.key)}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}
