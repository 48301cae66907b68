import type { ReactNode } from 'react';
import { Button, Card, Flex } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import type { TEvaluation } from '@hxk/contracts/evaluations';
import { menuTitle } from '../../../lib/menu-title.ts';
import { CheckInButton } from './CheckInButton.tsx';
import { StatusTag } from './EvaluationTags.tsx';
import { RecordFacts } from './RecordFacts.tsx';

/**
 * The record's title card: back, status, the facts of the class, check-in, and the actions other
 * features put on a record (for the class's teacher: report and appeal).
 */
export function RecordHeader({ e, actions }: { e: TEvaluation; actions?: ReactNode }) {
  const { t } = useTranslation('evaluations');
  const navigate = useNavigate();
  // Back where the person came from; a record opened from a link goes to the front page.
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? void navigate(-1) : void navigate('/Evaluate'));
  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={4} style={{ minWidth: 0 }}>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('record.back')} data-testid="record-back" />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{menuTitle(t, 'TeachingRecordDetail')}</span>
        </Flex>
      }
      extra={<StatusTag status={e.status} testId="record-status" />}
      styles={{ body: { padding: 12 } }}
    >
      <RecordFacts e={e} />
      <Flex justify="flex-end" gap={8} wrap style={{ marginTop: 8 }}>
        {/* The class's AI classroom report: what the AI measured in the lesson this record evaluates. */}
        <Button onClick={() => void navigate(`${PATHS.classroomReport}?${new URLSearchParams({ courseSessionId: e.class.courseSessionId }).toString()}`)} data-testid="record-ai-report">
          {t('record.aiReport')}
        </Button>
        {actions}
        <CheckInButton evaluationId={e.evaluationId} courseSessionId={e.class.courseSessionId} checkedInAt={e.checkedInAt} canCheckIn={e.editable} />
      </Flex>
    </Card>
  );
}
