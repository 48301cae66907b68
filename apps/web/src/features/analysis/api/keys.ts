/** Query keys of the analysis feature: mutations invalidate these. */
export const analysisKeys = {
  report: (courseSessionId: string) => ['analysis', 'report', courseSessionId] as const,
  warningRules: ['analysis', 'warningRules'] as const,
  sensitiveWords: ['analysis', 'sensitiveWords'] as const,
};
