import { AssignmentList } from '../components/AssignmentList.tsx';

/** Supervisors assigned by course: they may attend every class session of it. */
export function AssignmentsCoursePage() {
  return <AssignmentList kind="course" />;
}
