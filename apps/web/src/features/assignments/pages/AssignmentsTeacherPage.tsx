import { AssignmentList } from '../components/AssignmentList.tsx';

/** Supervisors assigned by teacher: they may attend every class session of that teacher's courses. */
export function AssignmentsTeacherPage() {
  return <AssignmentList kind="teacher" />;
}
