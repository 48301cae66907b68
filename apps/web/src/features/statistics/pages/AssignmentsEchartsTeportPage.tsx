import { AssignmentChartsView } from '../components/AssignmentChartsView.tsx';

/** /back/assignmentsEchartsTeport: assignment progress per task and per supervisor, attended against required. */
export function AssignmentsEchartsTeportPage() {
  return <AssignmentChartsView />;
}
