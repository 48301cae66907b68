import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEvaluation } from '@hxk/contracts/evaluations';
import { formatDateTime } from '../../../lib/format.ts';
import { classTime } from '../../../lib/class-time.ts';
import { KindTag, PatrolTag } from './EvaluationTags.tsx';

/** What an evaluation is about: course, teacher, class time, room, plan or kind, template, evaluator. */
export function RecordFacts({ e }: { e: TEvaluation }) {
  const { t } = useTranslation(['evaluations', 'evaluation']);
  const c = e.class;
  return (
    <Descriptions column={{ xs: 1, sm: 2, xl: 3 }} size="small" data-testid="record-facts">
      <Descriptions.Item label={t('field.course')}>
        <span style={{ overflowWrap: 'anywhere' }}>
          <Typography.Text strong data-testid="record-course">
            {c.courseName}
          </Typography.Text>{' '}
          <Typography.Text type="secondary">{c.courseCode}</Typography.Text>
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('field.teacher')}>{c.teacher.name}</Descriptions.Item>
      <Descriptions.Item label={t('field.time')}>
        <span data-testid="record-time">{classTime(t, c, true)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('field.room')}>{c.classroomName ?? '—'}</Descriptions.Item>
      {c.teachingClass && <Descriptions.Item label={t('field.teachingClass')}>{c.teachingClass}</Descriptions.Item>}
      <Descriptions.Item label={e.plan ? t('field.plan') : t('field.kind')}>
        {e.plan ? (
          <Space size={[4, 4]} wrap data-testid="record-plan">
            <span style={{ overflowWrap: 'anywhere' }}>{e.plan.name}</span>
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {t(`evaluation:evaluationType.${e.plan.evaluationType}`)}
            </Tag>
            {e.plan.anonymous && (
              <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                {t('field.anonymous')}
              </Tag>
            )}
          </Space>
        ) : (
          <Space size={[4, 4]} wrap>
            <KindTag kind={e.kind} />
            {e.byPatrol && <PatrolTag testId="record-by-patrol" />}
          </Space>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('field.template')}>
        <span data-testid="record-template">{t('field.templateVersion', { name: e.template.name, version: e.template.version })}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('field.evaluator')}>{e.evaluator ? e.evaluator.name : <Typography.Text type="secondary">{t('field.anonymousEvaluator')}</Typography.Text>}</Descriptions.Item>
      {e.submittedAt && (
        <Descriptions.Item label={t('field.submittedAt')}>
          <span data-testid="record-submitted-at">{formatDateTime(e.submittedAt)}</span>
        </Descriptions.Item>
      )}
      {e.status === 'submitted' && e.totalScore !== null && (
        <Descriptions.Item label={t('field.score')}>
          <Typography.Text strong data-testid="record-total">
            {t('field.scoreValue', { score: e.totalScore, full: e.template.totalScore })}
          </Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
