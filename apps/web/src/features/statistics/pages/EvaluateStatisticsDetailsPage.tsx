import { StatsLevel } from '../components/StatsLevel.tsx';

/** /back/evaluateStatisticsDetails: one department's evaluation statistics, by teacher. */
export function EvaluateStatisticsDetailsPage() {
  return <StatsLevel level="unit" />;
}
