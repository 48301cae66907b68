/** Opening a plan from the class being patrolled or evaluated: a citation, once per person, plan and class (the server counts it). */
export type PlanCitation = { from: 'patrol' | 'evaluation'; courseSessionId: string };

/** Where a plan's file is read: its preview (inline PDF) or the upload itself; with the class it is cited in, if any. */
export const planFileUrl = (planId: string, fileId: string, mode: 'preview' | 'download', cite?: PlanCitation) =>
  `/app/ddxk/lessonPlan/v1/file?${new URLSearchParams({ planId, fileId, mode, ...(cite ? { from: cite.from, courseSessionId: cite.courseSessionId } : { from: 'list' }) }).toString()}`;
