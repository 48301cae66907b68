/**
 * People correct the AI (issue 15): a supervisor recodes a class's S-T intervals or counts its
 * students, the report shows the corrected figures beside the AI's, and the school sees how far
 * people and the AI agree, per measure (agreement.ts) — which is what makes the numbers trustworthy.
 *
 * Who may correct: whoever may read the report (watchableClass: the class's teacher, or a patrol
 * reach covering its room — administrators reach every room) except the class's own teacher. The
 * agreement rate is only worth something if the person checking the AI is independent of what is
 * measured: a teacher has a stake in their own class's attendance and S-T curve, so they read the
 * corrections but cannot make them, even when they also hold a patrol reach (an administrator who
 * teaches). Those left are exactly the people who supervise the room. An evaluator of the class
 * without a patrol reach cannot read the report, so is not given the write either.
 *
 * History: every save is a new row; a person's latest correction of a measure is the one shown and
 * counted, so a supervisor may change their mind and the record of what was said stays.
 */
import { computeSt, correctionPresentMax, type TAgreement, type TAgreementQuery, type TAnalysisCorrection, type TSaveCorrectionRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { iso } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import type { ClassRow } from '../recordings/recordings.repo.ts';
import { watchableClass } from '../recordings/recordings.service.ts';
import { attendanceAgreement, intervalAgreement, stAgreement } from './agreement.ts';
import * as analysisRepo from './analysis.repo.ts';
import * as repo from './corrections.repo.ts';

type Analysis = Pick<analysisRepo.AnalysisRow, 'status' | 'stSequence' | 'expectedStudents'>;

/** Whether `accountId`, who may read the class's report, may also correct it (see the header). */
export function mayCorrect(cls: Pick<ClassRow, 'teacherId'>, accountId: string, analysis: Pick<Analysis, 'status'>): boolean {
  return cls.teacherId !== accountId && analysis.status === 'done';
}

/** A correction with the figures recomputed from it, as the report shows it beside the AI's. */
export function presentCorrection(a: Pick<Analysis, 'stSequence' | 'expectedStudents'>, c: repo.CurrentCorrection, readerId: string): TAnalysisCorrection {
  const st = c.measure === 'st' && c.stSequence ? computeSt(c.stSequence) : null;
  const expected = a.expectedStudents;
  return {
    id: c.id,
    measure: c.measure,
    stSequence: c.stSequence,
    present: c.present,
    byName: c.byName,
    mine: c.accountId === readerId,
    createdAt: iso(c.createdAt),
    rt: st?.rt ?? null,
    ch: st?.ch ?? null,
    mode: st?.mode ?? null,
    agreement: st && a.stSequence && c.stSequence ? intervalAgreement(a.stSequence, c.stSequence) : null,
    attendanceRate: c.measure === 'attendance' && c.present !== null && expected ? Math.min(1, c.present / expected) : null,
  };
}

/** What the class report says about corrections: each person's latest, and whether the reader may add one. */
export async function reportCorrections(tx: Tx, readerId: string, cls: Pick<ClassRow, 'teacherId'>, a: Analysis & { id: string }) {
  const rows = await repo.currentCorrections(tx, a.id);
  return { corrections: rows.map((c) => presentCorrection(a, c, readerId)), canCorrect: mayCorrect(cls, readerId, a) };
}

/** The analysis a save names: by id, or the class's (its recording's, else its live one), as the report picks it. */
async function targetAnalysis(tx: Tx, input: TSaveCorrectionRequest): Promise<analysisRepo.AnalysisRow> {
  if (input.analysisId !== undefined) {
    const a = await analysisRepo.analysisById(tx, input.analysisId);
    if (!a || (input.courseSessionId !== undefined && a.courseSessionId !== input.courseSessionId)) throw new AppError('common.notFound');
    return a;
  }
  const found = (await analysisRepo.analysisOf(tx, input.courseSessionId!, 'recording')) ?? (await analysisRepo.analysisOf(tx, input.courseSessionId!, 'live'));
  if (!found) throw new AppError('common.notFound');
  return found.a;
}

/** Saves the caller's correction of one measure of a finished analysis; their earlier one of it stops counting. */
export async function saveCorrection(ctx: MemberCtx, input: TSaveCorrectionRequest): Promise<TAnalysisCorrection> {
  const accountId = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    // Another school's analysis or class is not found here (row-level security): 404.
    const a = await targetAnalysis(tx, input);
    const cls = await watchableClass(tx, accountId, a.courseSessionId);
    if (cls.teacherId === accountId) throw new AppError('analysis.ownClass');
    if (a.status !== 'done') throw new AppError('analysis.notFinished');
    if (input.measure === 'st') {
      if (!a.stSequence) throw new AppError('analysis.noSt');
      if (input.stSequence.length !== a.stSequence.length) throw new AppError('analysis.stLength', { expected: a.stSequence.length, given: input.stSequence.length });
    } else {
      const max = correctionPresentMax(a.expectedStudents);
      if (input.present > max) throw new AppError('analysis.presentTooMany', { max });
    }
    const saved = await repo.insertCorrection(tx, {
      schoolId: ctx.auth.schoolId,
      analysisId: a.id,
      measure: input.measure,
      stSequence: input.measure === 'st' ? input.stSequence : null,
      present: input.measure === 'attendance' ? input.present : null,
      accountId,
    });
    return presentCorrection(a, {
      id: saved.id,
      measure: input.measure,
      stSequence: input.measure === 'st' ? input.stSequence : null,
      present: input.measure === 'attendance' ? input.present : null,
      accountId,
      byName: ctx.auth.name,
      createdAt: iso(saved.createdAt),
    }, accountId);
  });
}

/** The school's agreement between the AI and people, per measure, over classes held in the period. */
export async function agreement(ctx: MemberCtx, q: TAgreementQuery): Promise<TAgreement> {
  const rows = await inSchool(ctx, (tx) => repo.comparedCorrections(tx, q));
  const stRows = rows.filter((r) => r.measure === 'st' && r.stSequence && r.aiSequence && r.stSequence.length === r.aiSequence.length);
  const attRows = rows.filter((r) => r.measure === 'attendance' && r.present !== null && r.aiPresent !== null);
  const st = stAgreement(stRows.map((r) => ({ ai: r.aiSequence!, person: r.stSequence!, aiMode: r.aiMode })));
  const att = attendanceAgreement(attRows.map((r) => ({ ai: r.aiPresent!, person: r.present! })));
  const classes = (list: repo.ComparedCorrection[]) => new Set(list.map((r) => r.analysisId)).size;
  return {
    from: q.from ?? null,
    to: q.to ?? null,
    st: { classes: classes(stRows), corrections: st.corrections, intervals: st.intervals, rate: st.rate, kappa: st.kappa, sameMode: st.sameMode },
    attendance: { classes: classes(attRows), corrections: att.corrections, meanAbsDiff: att.meanAbsDiff, withinOne: att.withinOne },
  };
}
