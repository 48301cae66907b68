import { StatsLevel } from '../components/StatsLevel.tsx';

/** /back/evaluateStatistics: the school's evaluation statistics, by department. */
export function EvaluateStatisticsPage() {
  return <StatsLevel level="school" />;
}
