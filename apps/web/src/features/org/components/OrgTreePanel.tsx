import { useMemo, useState, useSyncExternalStore } from 'react';
import { Badge, Empty, Flex, Input, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { ApartmentOutlined, BankOutlined, ClusterOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TOrgKind, TOrgTreeNode } from '@hxk/contracts/org';
import { hasPermission, subscribePermissions } from '../../../lib/permissions.ts';
import { ancestorsOf, dropTarget, flatten, matchWithAncestors } from './tree-utils.ts';

const KIND_ICONS: Record<TOrgKind, React.ReactNode> = {
  school: <BankOutlined />,
  college: <ApartmentOutlined />,
  department: <ClusterOutlined />,
  office: <TeamOutlined />,
};

type Props = {
  tree: TOrgTreeNode[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMove: (move: { id: string; parentId: string; index: number }) => void;
};

/** The tree with people counts and a search box; units drag to a new place for holders of org:edit. */
export function OrgTreePanel({ tree, selectedId, onSelect, onMove }: Props) {
  const { t } = useTranslation('org');
  const canEdit = useSyncExternalStore(subscribePermissions, () => hasPermission('org:edit'));
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const { hits, keep } = useMemo(() => matchWithAncestors(tree, search), [tree, search]);
  const searching = search.trim() !== '';

  const data = useMemo(() => {
    const toData = (n: TOrgTreeNode): TreeDataNode | null => {
      if (searching && !keep.has(n.id)) return null;
      return {
        key: n.id,
        icon: KIND_ICONS[n.kind],
        title: (
          <span data-testid={`org-node-${n.name}`}>
            <Typography.Text mark={hits.has(n.id)}>{n.name}</Typography.Text>{' '}
            <Badge count={n.totalCount} showZero color="#8c8c8c" size="small" title={t('tree.countTitle', { own: n.ownCount, total: n.totalCount })} />
          </span>
        ),
        children: n.children.map(toData).filter((c): c is TreeDataNode => c !== null),
      };
    };
    return tree.map(toData).filter((c): c is TreeDataNode => c !== null);
  }, [tree, hits, keep, searching, t]);

  const rootIds = tree.map((n) => n.id);
  const defaultExpanded = [...rootIds, ...tree.flatMap((n) => n.children.map((c) => c.id))];
  const expandedKeys = searching ? [...keep] : (expanded ?? defaultExpanded);

  // A newly selected unit (just added, say) is shown with its ancestors open, once it is in the tree.
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (selectedId !== null && selectedId !== shownFor && flatten(tree).some((n) => n.id === selectedId)) {
    setShownFor(selectedId);
    const parents = ancestorsOf(tree, selectedId);
    const base = expanded ?? defaultExpanded;
    if (!parents.every((p) => base.includes(p))) setExpanded([...new Set([...base, ...parents])]);
  }

  const onDrop: TreeProps['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const side = (info.dropPosition - Number(pos[pos.length - 1])) as -1 | 0 | 1;
    const to = dropTarget(tree, String(info.dragNode.key), String(info.node.key), info.dropToGap, side);
    if (to) onMove({ id: String(info.dragNode.key), ...to });
  };

  return (
    <Flex vertical gap={12}>
      <Input.Search allowClear placeholder={t('tree.search')} onChange={(e) => setSearch(e.target.value)} data-testid="org-search" />
      {searching && hits.size === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.noMatch')} />
      ) : (
        <Tree
          showIcon
          blockNode
          treeData={data}
          selectedKeys={selectedId ? [selectedId] : []}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onSelect={(keys) => keys[0] !== undefined && onSelect(String(keys[0]))}
          draggable={canEdit && !searching ? { icon: false, nodeDraggable: (n) => !rootIds.includes(String(n.key)) } : false}
          allowDrop={({ dropNode, dropPosition }) => !(dropPosition !== 0 && rootIds.includes(String(dropNode.key)))}
          onDrop={onDrop}
          data-testid="org-tree"
        />
      )}
      <Typography.Text type="secondary">{t('tree.summary', { count: flatten(tree).length - tree.length })}</Typography.Text>
    </Flex>
  );
}
