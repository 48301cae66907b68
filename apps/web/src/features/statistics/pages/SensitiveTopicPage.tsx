import { SensitiveTopicList } from '../components/SensitiveTopicList.tsx';

/** /back/sensitiveTopic: classes with sensitive-word hits by category and severity. */
export function SensitiveTopicPage() {
  return <SensitiveTopicList />;
}
