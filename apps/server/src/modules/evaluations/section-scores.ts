/**
 * The score of each primary indicator of a submitted evaluation (evaluation_section_scores), written
 * with the submit: what reports average per indicator for a teacher and for the school. Shared by
 * submitting and by the seed, so demo data holds what the product writes.
 */
import type { TTemplateContent } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { insertSectionScores } from './evaluations.repo.ts';

type SectionScore = { key: string; score: number; full: number };

/**
 * The indicator a section stands for: the bank's first-level indicator when it has one, else its
 * name, so sections of different templates with the same name compare.
 */
export const indicatorKeyOf = (s: { indicatorId: string | null; name: string }) => s.indicatorId ?? `name:${s.name.trim().toLowerCase()}`;

export function sectionScoreRows(schoolId: string, evaluationId: string, content: TTemplateContent, bySection: SectionScore[]) {
  const byKey = new Map(content.sections.map((s) => [s.key, s]));
  return bySection.flatMap((b) => {
    const s = byKey.get(b.key);
    return s ? [{ schoolId, evaluationId, sectionKey: b.key, indicatorKey: indicatorKeyOf(s), name: s.name, score: b.score, full: b.full }] : [];
  });
}

export async function writeSectionScores(tx: Tx, schoolId: string, evaluationId: string, content: TTemplateContent, bySection: SectionScore[]) {
  const rows = sectionScoreRows(schoolId, evaluationId, content, bySection);
  await insertSectionScores(tx, rows);
}
