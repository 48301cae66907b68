import { useState } from 'react';
import { Card, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../../lib/menu-title.ts';
import { MyQuestionnaireList } from '../components/MyQuestionnaireList.tsx';

type Tab = 'toFill' | 'answered';

/** /feeQuestionnaire: a student's course questionnaires, those to fill and those answered. */
export function FeeQuestionnairePage() {
  const { t } = useTranslation('questionnaires');
  const [tab, setTab] = useState<Tab>('toFill');
  return (
    <div style={{ maxWidth: 720, margin: '0 auto' }}>
      <Card title={menuTitle(t, 'feeQuestionnaire')} styles={{ body: { padding: 12 } }} data-testid="q-student-page">
        <Segmented<Tab>
          block
          value={tab}
          onChange={setTab}
          options={[
            { value: 'toFill', label: <span data-testid="q-student-tab-toFill">{t('mine.tabToFill')}</span> },
            { value: 'answered', label: <span data-testid="q-student-tab-answered">{t('mine.tabAnswered')}</span> },
          ]}
          style={{ marginBottom: 12 }}
        />
        <MyQuestionnaireList key={tab} answered={tab === 'answered'} testId={`q-student-${tab}`} />
      </Card>
    </div>
  );
}
