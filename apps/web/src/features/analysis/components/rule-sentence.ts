import type { TFunction } from 'i18next';
import type { TWarningRuleRow } from '@hxk/contracts/analysis';

type RuleLike = Pick<TWarningRuleRow, 'kind' | 'threshold' | 'minutes' | 'category' | 'level'>;

/** A rule in one sentence: "Head-up rate under 50 % for 5 minutes → moderate". */
export function ruleSentence(t: TFunction, r: RuleLike): string {
  const level = t(`analysis:level.${r.level}`);
  const minutes = r.minutes ?? 0;
  switch (r.kind) {
    case 'headUpBelow':
    case 'attendanceBelow':
      return t(minutes > 0 ? `analysis:rule.sentence.${r.kind}` : `analysis:rule.sentence.${r.kind}Any`, { threshold: r.threshold ?? 0, minutes, level });
    case 'teacherAbsent':
      return t('analysis:rule.sentence.teacherAbsent', { minutes, level });
    case 'sensitiveWord':
      return r.category ? t('analysis:rule.sentence.sensitiveWordOf', { category: r.category, level }) : t('analysis:rule.sentence.sensitiveWord', { level });
  }
}
