import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClassroomTree } from '../../../lib/reference/get-classroom-tree.ts';

export type Place = { buildingId?: string | undefined; classroomId?: string | undefined };

/** A building, or a room of it (rooms only when `rooms`), from the classroom tree. */
export function PlaceFilter({ onChange, rooms = true, testId }: { onChange: (p: Place) => void; rooms?: boolean; testId: string }) {
  const { t } = useTranslation('patrolDetail');
  const tree = useClassroomTree(1);
  const data = (tree.data ?? []).map((b) => ({
    value: `b:${b.id}`,
    title: b.name,
    children: rooms ? b.children.flatMap((f) => f.children.map((r) => ({ value: `r:${r.id}`, title: `${b.name} · ${r.name}` }))) : [],
  }));
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={rooms ? t('filter.place') : t('filter.building')}
      loading={tree.isLoading}
      treeData={data}
      style={{ flex: '1 1 180px', maxWidth: 260 }}
      onChange={(v?: string) => onChange(!v ? {} : v.startsWith('b:') ? { buildingId: v.slice(2) } : { classroomId: v.slice(2) })}
      aria-label={rooms ? t('filter.place') : t('filter.building')}
      data-testid={testId}
    />
  );
}
