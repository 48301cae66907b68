import type { ReactNode } from 'react';
import { Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLiveAnalysis } from '@hxk/contracts/analysis-live';
import { MethodHint } from '../../../components/analysis/MethodHint.tsx';
import type { FigureKey } from '../../../components/analysis/figures.ts';
import { pct } from './live-format.ts';

function Figure({ title, figure, methods, value, note, testId }: { title: string; figure: FigureKey; methods: TLiveAnalysis['methods']; value: ReactNode; note: string; testId: string }) {
  return (
    <Card size="small" styles={{ body: { padding: 12 } }} data-testid={testId}>
      <Statistic
        title={<Flex align="center" gap={2}><span>{title}</span><MethodHint methods={methods} figure={figure} /></Flex>}
        value={typeof value === 'string' ? value : undefined}
        formatter={typeof value === 'string' ? undefined : () => value}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text>
    </Card>
  );
}

/** The latest sample: attendance, head-up, front row and the teacher, each with how it is computed. */
export function LiveNow({ live }: { live: TLiveAnalysis }) {
  const { t } = useTranslation('patrolDetail');
  const now = live.now!;
  const teacher = now.teacherPresent === null
    ? <Tag>{t('live.teacherUnknown')}</Tag>
    : <Tag color={now.teacherPresent ? 'green' : 'red'}>{now.teacherPresent ? t('live.teacherPresent') : t('live.teacherAbsent')}</Tag>;
  return (
    <Row gutter={[8, 8]}>
      <Col xs={12} lg={6}>
        <Figure testId="live-attendance" title={t('live.attendance')} figure="attendance" methods={live.methods} value={pct(now.attendanceRate)}
          note={live.expectedStudents ? t('live.present', { present: now.present, expected: live.expectedStudents }) : t('live.presentNoExpected', { present: now.present })} />
      </Col>
      <Col xs={12} lg={6}>
        <Figure testId="live-head-up" title={t('live.headUp')} figure="headUp" methods={live.methods} value={pct(now.headUpRate)} note={t('live.now')} />
      </Col>
      <Col xs={12} lg={6}>
        <Figure testId="live-front-row" title={t('live.frontRow')} figure="frontRow" methods={live.methods} value={pct(now.frontRowRate)}
          note={live.frontRowExpected ? t('live.frontRowSeats', { count: now.frontRow, seats: live.frontRowExpected }) : t('live.frontRowCount', { count: now.frontRow })} />
      </Col>
      <Col xs={12} lg={6}>
        <Figure testId="live-teacher" title={t('live.teacher')} figure="teacherAttendance" methods={live.methods} value={teacher} note={t('live.now')} />
      </Col>
    </Row>
  );
}
