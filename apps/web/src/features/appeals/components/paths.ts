export const appealPath = (appealId: string) => `/Appeal/Detail?appealId=${appealId}`;
export const evaluationPath = (evaluationId: string) => `/TeachingRecordDetail?evaluationId=${evaluationId}`;
export const evaluationReportPath = (evaluationId: string) => `/CourseEvaluationReport?evaluationId=${evaluationId}`;
