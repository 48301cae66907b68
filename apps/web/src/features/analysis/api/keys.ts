import type { TAgreementQuery } from '@hxk/contracts/analysis';

/** Query keys of the analysis feature: mutations invalidate these. */
export const analysisKeys = {
  report: (courseSessionId: string) => ['analysis', 'report', courseSessionId] as const,
  warningRules: ['analysis', 'warningRules'] as const,
  sensitiveWords: ['analysis', 'sensitiveWords'] as const,
  transcription: ['analysis', 'transcription'] as const,
  agreementAll: ['analysis', 'agreement'] as const,
  agreement: (q: TAgreementQuery) => ['analysis', 'agreement', q.from ?? '', q.to ?? ''] as const,
};
