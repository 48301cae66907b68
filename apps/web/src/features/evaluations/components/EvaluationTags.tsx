import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEvaluationKind, TEvaluationStatus, TListenClass } from '@hxk/contracts/evaluations';

/** Evaluated (submitted) or not evaluated (a draft still open). */
export function StatusTag({ status, testId }: { status: TEvaluationStatus; testId?: string }) {
  const { t } = useTranslation('evaluations');
  return (
    <Tag color={status === 'submitted' ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {t(`status.${status}`)}
    </Tag>
  );
}

const KIND_COLORS = { plan: 'blue', free: 'cyan', invited: 'geekblue', temporary: 'purple' } as const;

/** How the evaluator came to the class: a plan, free listening, an invitation, a temporary evaluation. */
export function KindTag({ kind }: { kind: TEvaluationKind }) {
  const { t } = useTranslation('evaluations');
  return (
    <Tag color={KIND_COLORS[kind]} style={{ marginInlineEnd: 0 }}>
      {t(`kind.${kind}`)}
    </Tag>
  );
}

/** "Evaluated during patrol": made from a classroom's detail in real-time patrol. */
export function PatrolTag({ testId }: { testId?: string }) {
  const { t } = useTranslation('evaluations');
  return (
    <Tag color="volcano" style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {t('byPatrol')}
    </Tag>
  );
}

const STATE_COLORS = { notStarted: 'default', waiting: 'gold', inClass: 'processing', warning: 'red', ended: 'default' } as const;

/** The course's state now (not started, waiting for class, in class, warning, ended). */
export function CourseStateTag({ state }: { state: TListenClass['state'] }) {
  const { t } = useTranslation('evaluations');
  if (!state) return null;
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {t(`courseState.${state}`)}
    </Tag>
  );
}

/** My evaluation of a class: none yet, a draft, submitted. */
export function MyStateTag({ status }: { status: TEvaluationStatus | null }) {
  const { t } = useTranslation('evaluations');
  const s = status ?? 'none';
  return (
    <Tag color={s === 'submitted' ? 'green' : s === 'draft' ? 'orange' : 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`myState.${s}`)}
    </Tag>
  );
}
