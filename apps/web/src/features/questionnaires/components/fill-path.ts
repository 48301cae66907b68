/** The fill page of a questionnaire, for a course or one of its classes (what the QR code opens). */
export function fillPath(questionnaireId: string, target: { courseId?: string | null; courseSessionId?: string | null } = {}): string {
  const q = new URLSearchParams({ questionnaireId });
  if (target.courseSessionId) q.set('courseSessionId', target.courseSessionId);
  else if (target.courseId) q.set('courseId', target.courseId);
  return `/EvaluationQuestionnaire?${q.toString()}`;
}

export function detailsPath(questionnaireId: string, courseId?: string | null): string {
  const q = new URLSearchParams({ questionnaireId });
  if (courseId) q.set('courseId', courseId);
  return `/feedbackDetails?${q.toString()}`;
}
