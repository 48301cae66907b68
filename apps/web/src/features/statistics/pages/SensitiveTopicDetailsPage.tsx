import { SensitiveTopicDetails } from '../components/SensitiveTopicDetails.tsx';

/** /back/sensitiveTopicDetails: one class's sensitive-word hits in context and in the recording. */
export function SensitiveTopicDetailsPage() {
  return <SensitiveTopicDetails />;
}
