import { Card, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLicenceFeature } from '@hxk/contracts/licence';
import { AgreementTab } from '../components/AgreementTab.tsx';
import { SensitiveWordsTab } from '../components/SensitiveWordsTab.tsx';
import { WarningRulesTab } from '../components/WarningRulesTab.tsx';
import { TranscriptionTab } from '../components/TranscriptionTab.tsx';

/** A tab of the AI settings and the licence feature it belongs to. */
export type FeatureTab = NonNullable<TabsProps['items']>[number] & { feature: TLicenceFeature };

/**
 * /back/aiWarningSettings: the school's AI warning rules, its sensitive-word lexicon, its transcription service, and how far people agree with the AI;
 * other features' AI settings (the assistant's model) come as `extraTabs`, composed by the app's routes.
 * The screen is on while the licence has `ai` or `assistant` (decision 0027); it shows the tabs of
 * the licence's `features` (the routes pass them), so a deployment with the assistant alone sees only its tab.
 */
export function AiWarningSettingsPage({ extraTabs = [], features }: { extraTabs?: FeatureTab[]; features: readonly string[] | null | undefined }) {
  const { t } = useTranslation('analysis');
  const tabs: FeatureTab[] = [
    { feature: 'ai', key: 'rules', label: <span data-testid="tab-rules">{t('settings.rules')}</span>, children: <WarningRulesTab /> },
    { feature: 'ai', key: 'words', label: <span data-testid="tab-words">{t('settings.words')}</span>, children: <SensitiveWordsTab /> },
    { feature: 'ai', key: 'transcription', label: <span data-testid="tab-transcription">{t('settings.transcription')}</span>, children: <TranscriptionTab /> },
    { feature: 'ai', key: 'agreement', label: <span data-testid="tab-agreement">{t('settings.agreement')}</span>, children: <AgreementTab /> },
    ...extraTabs,
  ];
  // `undefined` while the licence is asked for (the shell has usually fetched it already): a loading card, not tabs that then go.
  // `null` when it could not be read: every tab, and the server refuses what the licence leaves off all the same.
  const items = tabs.filter((tab) => !features || features.includes(tab.feature)).map(({ feature: _feature, ...tab }) => tab);
  return (
    <Card title={t('settings.title')} data-testid="ai-settings-page" loading={features === undefined}>
      <Tabs items={items} />
    </Card>
  );
}
