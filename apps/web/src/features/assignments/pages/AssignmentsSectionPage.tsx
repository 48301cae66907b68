import { AssignmentList } from '../components/AssignmentList.tsx';

/** Supervisors assigned to single class sessions. */
export function AssignmentsSectionPage() {
  return <AssignmentList kind="session" />;
}
