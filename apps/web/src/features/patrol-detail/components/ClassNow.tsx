import { Card, Descriptions, Empty, Radio, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATROL_ATTENDANCE_STATUSES, type TAttendanceStatus, type TPatrolClass } from '@hxk/contracts/patrol';
import { useMarkAttendance } from '../api/patrol.ts';

export const STATE_COLOR: Record<string, string> = { notStarted: 'default', waiting: 'gold', inClass: 'green', warning: 'red', ended: 'default' };
const ATTENDANCE_COLOR: Record<TAttendanceStatus, string> = { normal: 'green', late: 'orange', earlyLeave: 'gold', absent: 'red' };

export function AttendanceTag({ status }: { status: TAttendanceStatus }) {
  const { t } = useTranslation('patrolDetail');
  return <Tag color={ATTENDANCE_COLOR[status]}>{t(`attendance.${status}`)}</Tag>;
}

/** The class now in the room (course, teacher, time, state) and the teacher's attendance, marked here; or "no class now". */
export function ClassNow({ cls, classroomId, visitId }: { cls: TPatrolClass | null; classroomId: string; visitId: string | null }) {
  const { t } = useTranslation('patrolDetail');
  const mark = useMarkAttendance(classroomId);
  if (!cls) {
    return (
      <Card size="small" data-testid="detail-class">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('class.none')} data-testid="detail-no-class" />
      </Card>
    );
  }
  const time = cls.startTime && cls.endTime ? `${cls.startTime}–${cls.endTime}` : (cls.sessionStart === cls.sessionEnd ? t('class.session', { n: cls.sessionStart }) : t('class.sessions', { from: cls.sessionStart, to: cls.sessionEnd }));
  return (
    <Card size="small" title={cls.courseName} extra={cls.state && <Tag color={STATE_COLOR[cls.state]}>{t(`state.${cls.state}`)}</Tag>} data-testid="detail-class">
      <Descriptions size="small" column={1} items={[
        { key: 'teacher', label: t('class.teacher'), children: <span data-testid="detail-teacher">{cls.teacher.name}</span> },
        { key: 'time', label: t('class.time'), children: time },
        ...(cls.teachingClass ? [{ key: 'group', label: t('class.teachingClass'), children: cls.teachingClass }] : []),
      ]} />
      <Typography.Text strong style={{ display: 'block', margin: '8px 0 4px' }}>{t('attendance.title')}</Typography.Text>
      <div style={{ overflowX: 'auto' }}>
        <Radio.Group
          value={cls.attendance ?? undefined}
          optionType="button"
          buttonStyle="solid"
          disabled={!visitId || mark.isPending}
          onChange={(e) => visitId && mark.mutate({ visitId, status: e.target.value as TAttendanceStatus })}
          style={{ whiteSpace: 'nowrap' }}
          data-testid="detail-attendance"
        >
          {PATROL_ATTENDANCE_STATUSES.map((s) => (
            <Radio.Button key={s} value={s}>
              <span data-testid={`detail-attendance-${s}`}>{t(`attendance.${s}`)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-testid="detail-attendance-note">
        {cls.attendance ? t('attendance.marked', { status: t(`attendance.${cls.attendance}`) }) : t('attendance.unmarked')}
      </Typography.Text>
    </Card>
  );
}
