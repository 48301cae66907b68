import { StatsLevel } from '../components/StatsLevel.tsx';

/** /back/evaluateStatisticsDetailss: one teacher's evaluation statistics and the evaluations behind them. */
export function EvaluateStatisticsRecordsPage() {
  return <StatsLevel level="teacher" />;
}
