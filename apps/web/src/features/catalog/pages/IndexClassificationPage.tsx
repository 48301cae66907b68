import { ClassificationList } from '../components/ClassificationList.tsx';

/** /back/indexClassification: the classifications of indicators. */
export function IndexClassificationPage() {
  return <ClassificationList kind="indicator" />;
}
