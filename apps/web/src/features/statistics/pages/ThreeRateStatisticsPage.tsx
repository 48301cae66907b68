import { ThreeRateLevel } from '../components/ThreeRateLevel.tsx';

/** /back/threeRateStatistics: the school's attendance, head-up and front-row rates, grouped as chosen. */
export function ThreeRateStatisticsPage() {
  return <ThreeRateLevel level="school" />;
}
