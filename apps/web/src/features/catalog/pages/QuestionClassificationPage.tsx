import { ClassificationList } from '../components/ClassificationList.tsx';

/** /back/questionClassification: the classifications of the question bank. */
export function QuestionClassificationPage() {
  return <ClassificationList kind="question" />;
}
