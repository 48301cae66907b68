import { Card, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgreementTab } from '../components/AgreementTab.tsx';
import { SensitiveWordsTab } from '../components/SensitiveWordsTab.tsx';
import { WarningRulesTab } from '../components/WarningRulesTab.tsx';
import { TranscriptionTab } from '../components/TranscriptionTab.tsx';

/**
 * /back/aiWarningSettings: the school's AI warning rules, its sensitive-word lexicon, its transcription service, and how far people agree with the AI;
 * other features' AI settings (the assistant's model) come as `extraTabs`, composed by the app's routes.
 */
export function AiWarningSettingsPage({ extraTabs = [] }: { extraTabs?: NonNullable<TabsProps['items']> } = {}) {
  const { t } = useTranslation('analysis');
  return (
    <Card title={t('settings.title')} data-testid="ai-settings-page">
      <Tabs
        items={[
          { key: 'rules', label: <span data-testid="tab-rules">{t('settings.rules')}</span>, children: <WarningRulesTab /> },
          { key: 'words', label: <span data-testid="tab-words">{t('settings.words')}</span>, children: <SensitiveWordsTab /> },
          { key: 'transcription', label: <span data-testid="tab-transcription">{t('settings.transcription')}</span>, children: <TranscriptionTab /> },
          { key: 'agreement', label: <span data-testid="tab-agreement">{t('settings.agreement')}</span>, children: <AgreementTab /> },
          ...extraTabs,
        ]}
      />
    </Card>
  );
}
