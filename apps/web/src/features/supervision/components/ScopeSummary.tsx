import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TSupervisionGroup } from '@hxk/contracts/supervision';

/** A group's scope: the whole school, or its departments or teachers (the first few, then a count). */
export function ScopeSummary({ group, max }: { group: TSupervisionGroup; max: number }) {
  const { t } = useTranslation('supervision');
  if (group.scope === 'school') return <Tag color="blue">{t('scope.school')}</Tag>;
  const names = group.scope === 'departments' ? group.units.map((u) => u.name) : group.teachers.map((p) => p.name);
  return (
    <Space size={[0, 4]} wrap style={{ maxWidth: 300 }}>
      <Tag color="blue">{t(`scope.${group.scope}`)}</Tag>
      {names.slice(0, max).map((n) => (
        <Tag key={n}>{n}</Tag>
      ))}
      {names.length > max && <Tag>{t('list.more', { count: names.length - max })}</Tag>}
    </Space>
  );
}
