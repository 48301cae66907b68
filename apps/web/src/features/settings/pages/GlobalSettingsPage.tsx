import { Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { useGlobalSettings } from '../api/get-global-settings.ts';
import { TitleSection } from '../components/TitleSection.tsx';
import { GlobalSettingsForm } from '../components/GlobalSettingsForm.tsx';
import { ApplicationsSection } from '../components/ApplicationsSection.tsx';

/** /back/GlobalSettings: the school's product title, defaults and limits, and its application entries. */
export function GlobalSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useGlobalSettings();
  return (
    <Flex vertical gap={16} data-testid="global-settings">
      <TitleSection />
      {settings.isPending ? <PageLoading /> : settings.data ? <GlobalSettingsForm settings={settings.data} /> : <Result status="warning" title={t('loadFailed')} />}
      <ApplicationsSection />
    </Flex>
  );
}
