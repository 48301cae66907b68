import { useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../../lib/menu-title.ts';
import { CollectionSelect } from '../components/CollectionSelect.tsx';
import { StatisticsView } from '../components/StatisticsView.tsx';

/** /lessonPlanStatistics: hand-in rates, late and missing plans and levels, of all collections or one. */
export function LessonPlanStatisticsPage() {
  const { t } = useTranslation('lessonPlans');
  const [collectionId, setCollectionId] = useState<string | undefined>();
  return (
    <Card title={menuTitle(t, 'lessonPlanStatistics')} extra={<CollectionSelect value={collectionId} onChange={setCollectionId} />} styles={{ body: { padding: 12 } }} data-testid="lesson-plan-statistics-page">
      <StatisticsView collectionId={collectionId} />
    </Card>
  );
}
