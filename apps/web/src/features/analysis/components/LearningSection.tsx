import { useMemo } from 'react';
import { Card, Col, Empty, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPRESSION_TYPES } from '@hxk/contracts/constants';
import type { TClassReport } from '@hxk/contracts/analysis';
import { EChart } from './EChart.tsx';
import { FigureTitle } from './FigureTitle.tsx';
import { ExpressionsCard } from './ExpressionsCard.tsx';
import { PeopleCorrections } from './PeopleCorrections.tsx';
import { rateOption } from './chart-options.ts';
import { clock, momentRanges, nearest, pct, rangeText } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;
const TEACHER_COLOR = { normal: 'green', late: 'orange', earlyLeave: 'orange', absent: 'red' } as const;

/** Learning analysis: attendance, the head-up curve, the front row, expressions and the teacher's attendance. */
export function LearningSection({ a, onMoment }: { a: Analysis; onMoment: ((t: number) => void) | undefined }) {
  const { t } = useTranslation('analysis');
  const pickSample = onMoment ? (x: number) => {
    const s = nearest(a.samples, x);
    if (s) onMoment(s.t);
  } : undefined;
  const headUp = useMemo(() => rateOption(a.samples.map((s) => ({ t: s.t, value: s.posed > 0 ? s.headUp / s.posed : null })), {
    duration: a.durationSeconds, name: t('headUp.title'), color: '#1677ff', tip: (at, v) => t('chart.tip', { time: clock(at), value: v === null ? '—' : `${v}%` }),
  }), [a.samples, a.durationSeconds, t]);
  const expected = a.expectedStudents;
  const present = useMemo(() => rateOption(a.samples.map((s) => ({ t: s.t, value: expected ? Math.min(1, s.faces / expected) : null })), {
    duration: a.durationSeconds, name: t('attendance.title'), color: '#52c41a', tip: (at, v) => t('chart.tip', { time: clock(at), value: v === null ? '—' : `${v}%` }),
  }), [a.samples, a.durationSeconds, expected, t]);
  const teacherPresent = a.teacherSamples.filter((s) => s.present).length;
  const absences = momentRanges(a.teacherSamples.filter((s) => !s.present).map((s) => s.t), a.sampleSeconds * 1.5);
  const noSamples = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('samples.none')} />;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={<FigureTitle title={t('attendance.title')} figure="attendance" methods={a.methods} />} data-testid="card-attendance">
          <Flex gap={24} wrap>
            <Statistic title={t('attendance.present')} value={a.presentAvg === null ? '—' : a.presentAvg.toFixed(1)} suffix={expected ? `/ ${expected}` : undefined} />
            <Statistic title={t('attendance.rate')} value={pct(a.attendanceRate, 1)} />
          </Flex>
          {expected === null ? <Typography.Text type="secondary">{t('attendance.noExpected')}</Typography.Text> : null}
          {a.samples.length && expected ? <EChart option={present} onPick={pickSample} testId="chart-attendance" label={t('attendance.title')} height={200} /> : null}
          <PeopleCorrections a={a} measure="attendance" />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={<FigureTitle title={t('headUp.title')} figure="headUp" methods={a.methods} />} data-testid="card-headup">
          <Statistic title={t('headUp.rate')} value={pct(a.headUpRate, 1)} />
          {a.samples.length ? <EChart option={headUp} onPick={pickSample} testId="chart-headup" label={t('headUp.title')} height={200} /> : noSamples}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('chart.clickHint')}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={<FigureTitle title={t('frontRow.title')} figure="frontRow" methods={a.methods} />} data-testid="card-frontrow">
          <Flex gap={24} wrap>
            <Statistic title={t('frontRow.expected')} value={a.frontRowExpected ?? '—'} />
            <Statistic title={t('frontRow.actual')} value={a.frontRowActual === null ? '—' : a.frontRowActual.toFixed(1)} />
            <Statistic title={t('frontRow.rate')} value={pct(a.frontRowRate, 1)} />
          </Flex>
          {a.frontRowExpected === null ? <Typography.Text type="secondary">{t('frontRow.notSet')}</Typography.Text> : null}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={<FigureTitle title={t('teacher.title')} figure="teacherAttendance" methods={a.methods} />} data-testid="card-teacher">
          <Flex vertical gap={8}>
            {a.teacherAttendance ? <Tag color={TEACHER_COLOR[a.teacherAttendance]} style={{ alignSelf: 'flex-start' }} data-testid="teacher-attendance">{t(`teacher.${a.teacherAttendance}`)}</Tag> : <Typography.Text type="secondary">—</Typography.Text>}
            {a.teacherSamples.length ? <Typography.Text>{t('teacher.seen', { share: pct(teacherPresent / a.teacherSamples.length) })}</Typography.Text> : null}
            {absences.length ? (
              <Flex gap={4} wrap>
                <Typography.Text type="secondary">{t('teacher.notSeenAt')}</Typography.Text>
                {absences.slice(0, 12).map((r) => (
                  <Tag key={r[0]} style={{ cursor: onMoment ? 'pointer' : undefined }} onClick={onMoment ? () => onMoment(r[0]) : undefined}>{rangeText(r)}</Tag>
                ))}
              </Flex>
            ) : null}
          </Flex>
        </Card>
      </Col>
      <Col xs={24}>
        <ExpressionsCard a={a} types={EXPRESSION_TYPES} onMoment={onMoment} />
      </Col>
    </Row>
  );
}
