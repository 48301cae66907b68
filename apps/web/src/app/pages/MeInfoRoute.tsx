import { MeInfoPage } from '../../features/profile/pages/MeInfoPage.tsx';
import { MySchoolsPanel } from '../../features/schools/components/MySchoolsPanel.tsx';

/** Features do not import each other: the app composes personal info with the schools section. */
export function MeInfoRoute() {
  return <MeInfoPage schoolsSection={<MySchoolsPanel />} />;
}
