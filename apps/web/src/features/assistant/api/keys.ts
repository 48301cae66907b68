/** Query keys of the assistant: mutations and finished answers invalidate these. */
export const assistantKeys = {
  sessions: ['assistant', 'sessions'] as const,
  problems: (sessionId: string) => ['assistant', 'problems', sessionId] as const,
  status: ['assistant', 'status'] as const,
  settings: ['assistant', 'settings'] as const,
  usageAll: ['assistant', 'usage'] as const,
  usage: (scope: 'school' | 'mine', month: string) => ['assistant', 'usage', scope, month] as const,
};
