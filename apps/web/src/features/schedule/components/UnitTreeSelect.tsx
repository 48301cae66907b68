import { TreeSelect } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useScheduleOptions } from '../api/get-schedule-options.ts';

type Unit = { id: string; parentId: string | null; name: string };
type Node = { value: string; title: string; children: Node[] };

function toTree(units: readonly Unit[]): Node[] {
  const nodes = new Map(units.map((u) => [u.id, { value: u.id, title: u.name, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const u of units) {
    const parent = u.parentId ? nodes.get(u.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(u.id)!);
  }
  return roots;
}

/** A college or department from the organisation tree. */
export function UnitTreeSelect(props: { value?: string | null; onChange?: (v: string | undefined) => void; placeholder?: string; 'aria-label'?: string; style?: CSSProperties; 'data-testid'?: string }) {
  const options = useScheduleOptions();
  const tree = useMemo(() => toTree(options.data?.units ?? []), [options.data]);
  return (
    <TreeSelect<string>
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      loading={options.isLoading}
      treeData={tree}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      placeholder={props.placeholder}
      aria-label={props['aria-label']}
      style={props.style}
      popupMatchSelectWidth={false}
      data-testid={props['data-testid']}
    />
  );
}
