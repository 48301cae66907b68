import { ThreeRateLevel } from '../components/ThreeRateLevel.tsx';

/** /back/threeRateStatisticsDetails: one place's three rates (building, room, department, teacher, course, slot or week) and its classes. */
export function ThreeRateStatisticsDetailsPage() {
  return <ThreeRateLevel level="details" />;
}
