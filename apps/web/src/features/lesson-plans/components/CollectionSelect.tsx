import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCollections } from '../api/collections.ts';

/** All collections, or one of them (newest first). */
export function CollectionSelect({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation('lessonPlans');
  const list = useCollections();
  return (
    <Select
      style={{ minWidth: 260 }}
      value={value ?? ''}
      loading={list.isLoading}
      onChange={(v) => onChange(v || undefined)}
      options={[{ value: '', label: t('stats.allCollections') }, ...(list.data ?? []).map((c) => ({ value: c.collectionId, label: c.name }))]}
      data-testid="plan-collection-select"
    />
  );
}
