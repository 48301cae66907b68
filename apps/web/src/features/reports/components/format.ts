/** A percentage with one decimal ("82.5%"), or a dash when there is nothing to compute it from. */
export const percentText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(Math.round(v * 10) / 10).toFixed(1)}%`);

export const reportPath = (q: { courseId: string } | { evaluationId: string }) =>
  'courseId' in q ? `/CourseEvaluationReport?courseId=${q.courseId}` : `/CourseEvaluationReport?evaluationId=${q.evaluationId}`;

export const recordPath = (evaluationId: string) => `/TeachingRecordDetail?evaluationId=${evaluationId}`;
