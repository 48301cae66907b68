import { Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LESSON_PLAN_LEVELS, OPINION_MIN_LENGTH } from '@hxk/contracts/constants';
import type { TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { LevelTag } from '../../../components/lesson-plans/LevelTag.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useHandleAppeal } from '../api/appeals.ts';
import { ScoreLevel } from './ScoreLevel.tsx';

type Values = { action: 'accept' | 'reject'; levelAfter?: number; scoreAfter?: number; opinion?: string };

/**
 * The grader (or an administrator) accepts a pending appeal with a new level (a template-graded plan:
 * a new score, whose band gives the level), or rejects it with a reason.
 */
export function HandleAppealModal({ due, onClose }: { due: TLessonPlanDue; onClose: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const [form] = Form.useForm<Values>();
  const action = Form.useWatch('action', form);
  const handle = useHandleAppeal();
  const scoreAfter = Form.useWatch('scoreAfter', form);
  const appeal = due.plan!.appeal!;
  // A template-graded plan is appealed by its score: the decision gives a new score.
  const full = appeal.score !== null ? (due.collection.template?.totalScore ?? null) : null;
  const save = (v: Values) =>
    handle.mutateAsync(v.action === 'accept'
      ? full !== null
        ? { appealId: appeal.appealId, action: 'accept', scoreAfter: v.scoreAfter!, opinion: v.opinion ?? '' }
        : { appealId: appeal.appealId, action: 'accept', levelAfter: v.levelAfter!, opinion: v.opinion ?? '' }
      : { appealId: appeal.appealId, action: 'reject', opinion: v.opinion ?? '' }).then(() => {
      toastSuccess(t('appeal.handled'));
      onClose();
    });
  return (
    <Modal
      open
      title={t('appeal.handleTitle', { course: due.course.name, teacher: due.teacher.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('appeal.decide')}
      okButtonProps={{ loading: handle.isPending, 'data-testid': 'plan-appeal-decide' }}
      width={600}
    >
      <Typography.Paragraph>
        {t('appeal.appealed')} <LevelTag level={appeal.level} />
        {full !== null && <span data-testid="plan-appeal-score-shown">{t('score.ofFull', { score: appeal.score, full })}</span>}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="plan-appeal-reason-shown">
        <Typography.Text type="secondary">{t('appeal.reason')}: </Typography.Text>{appeal.reason}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={{ action: 'accept' }} onFinish={(v) => void save(v).catch(() => undefined)}>
        <Form.Item name="action" label={t('appeal.decision')}>
          <Radio.Group data-testid="plan-appeal-action">
            <Radio.Button value="accept"><span data-testid="plan-appeal-accept">{full !== null ? t('appeal.acceptScore') : t('appeal.accept')}</span></Radio.Button>
            <Radio.Button value="reject"><span data-testid="plan-appeal-reject">{t('appeal.reject')}</span></Radio.Button>
          </Radio.Group>
        </Form.Item>
        {action !== 'reject' && full !== null && (
          <>
            <Form.Item
              name="scoreAfter"
              label={t('appeal.scoreAfter')}
              rules={[{ required: true, type: 'number', min: 0, max: full, message: t('appeal.scoreRange', { max: full }) }]}
            >
              <InputNumber min={0} max={full} step={0.5} style={{ width: 160 }} data-testid="plan-appeal-score" />
            </Form.Item>
            {typeof scoreAfter === 'number' && scoreAfter >= 0 && scoreAfter <= full && (
              <div style={{ marginTop: -12, marginBottom: 16 }}><ScoreLevel score={scoreAfter} full={full} testId="plan-appeal-score-level" /></div>
            )}
          </>
        )}
        {action !== 'reject' && full === null && (
          <Form.Item name="levelAfter" label={t('appeal.levelAfter')} rules={[{ required: true, message: t('evaluate.levelRequired') }]}>
            <Radio.Group data-testid="plan-appeal-level">
              {LESSON_PLAN_LEVELS.map((l) => (
                <Radio.Button key={l} value={l}>
                  <span data-testid={`plan-appeal-level-${l}`}>{t('level.label', { level: l })} · {t(`level.name${l}`)}</span>
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item
          name="opinion"
          label={action === 'reject' ? t('appeal.rejectReason') : t('appeal.opinion')}
          rules={action === 'reject' ? [{ required: true, whitespace: true, min: OPINION_MIN_LENGTH, message: t('appeal.reasonMin', { min: OPINION_MIN_LENGTH }) }] : []}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="plan-appeal-opinion" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
