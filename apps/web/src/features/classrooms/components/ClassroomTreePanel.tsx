import { useMemo, useState } from 'react';
import { Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { BankOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TClassroomTree } from '@hxk/contracts/classrooms';

export type TreeSelection = { kind: 'building'; id: string } | { kind: 'classroom'; id: string } | null;

/** Buildings → floors → rooms, searched by room or building name. */
export function ClassroomTreePanel({ tree, loading, selected, onSelect }: {
  tree: TClassroomTree | undefined;
  loading: boolean;
  selected: TreeSelection;
  onSelect: (s: TreeSelection) => void;
}) {
  const { t } = useTranslation('classrooms');
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);

  const data = useMemo<TreeDataNode[]>(() => {
    const q = search.trim().toLowerCase();
    return (tree ?? []).flatMap((b) => {
      const buildingHit = !!q && b.name.toLowerCase().includes(q);
      const floors = b.children
        .map((f) => ({ ...f, children: f.children.filter((r) => !q || buildingHit || r.name.toLowerCase().includes(q)) }))
        .filter((f) => f.children.length > 0);
      if (q && !buildingHit && floors.length === 0) return [];
      return [{
        key: `b:${b.id}`,
        title: <span data-testid={`tree-building-${b.id}`}>{b.name}</span>,
        icon: <BankOutlined />,
        children: floors.map((f) => ({
          key: `f:${f.id}`,
          title: t('tree.floor', { floor: f.floor }),
          selectable: false,
          children: f.children.map((r) => ({
            key: `r:${r.id}`,
            title: <span data-testid={`tree-room-${r.id}`} style={r.enabled ? undefined : { color: '#999' }}>{r.name}</span>,
            icon: <HomeOutlined />,
            isLeaf: true,
          })),
        })),
      }];
    });
  }, [tree, search, t]);

  // Everything open while searching; otherwise what the person opened (buildings at first).
  const allKeys = (nodes: TreeDataNode[]): React.Key[] => nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
  const expandedKeys = search.trim() ? allKeys(data) : (expanded ?? allKeys(data).filter((k) => String(k).startsWith('b:') || String(k).startsWith('f:')));
  const selectedKey = selected ? `${selected.kind === 'building' ? 'b' : 'r'}:${selected.id}` : null;

  return (
    <div data-testid="classroom-tree">
      <Input.Search allowClear placeholder={t('tree.search')} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 12 }} data-testid="classroom-tree-search" />
      <Spin spinning={loading}>
        {data.length ? (
          <Tree
            showIcon
            blockNode
            treeData={data}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selectedKey ? [selectedKey] : []}
            onSelect={(keys) => {
              const k = String(keys[0] ?? '');
              if (k.startsWith('b:')) onSelect({ kind: 'building', id: k.slice(2) });
              else if (k.startsWith('r:')) onSelect({ kind: 'classroom', id: k.slice(2) });
            }}
            style={{ maxHeight: 'calc(100vh - 300px)', overflow: 'auto' }}
          />
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('tree.noMatch') : t('tree.empty')} />
        )}
      </Spin>
    </div>
  );
}
