import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { BankOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePatrolTree } from '../api/get-patrol-tree.ts';

/** Building → floor → room of the rooms in my reach, to choose the rooms the wall shows (none: all). */
export function RoomPickerDrawer({ open, value, onClose, onChange }: { open: boolean; value: string[]; onClose: () => void; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('patrol');
  const tree = usePatrolTree(open);
  const [checked, setChecked] = useState<string[]>(value);
  const [search, setSearch] = useState('');

  const data = useMemo<TreeDataNode[]>(() => {
    const q = search.trim().toLowerCase();
    return (tree.data ?? []).flatMap((b) => {
      const hitBuilding = !!q && b.name.toLowerCase().includes(q);
      const floors = b.floors
        .map((f) => ({ ...f, rooms: f.rooms.filter((r) => !q || hitBuilding || r.name.toLowerCase().includes(q)) }))
        .filter((f) => f.rooms.length);
      if (!floors.length) return [];
      return [{
        key: `b:${b.buildingId}`,
        title: b.name,
        icon: <BankOutlined />,
        children: floors.map((f) => ({
          key: `f:${b.buildingId}:${f.floor}`,
          title: t('picker.floor', { floor: f.floor }),
          children: f.rooms.map((r) => ({
            key: r.classroomId,
            title: <span data-testid={`picker-room-${r.classroomId}`} style={r.online ? undefined : { color: '#999' }}>{r.online ? r.name : t('picker.offlineRoom', { room: r.name })}</span>,
            icon: <HomeOutlined />,
            isLeaf: true,
          })),
        })),
      }];
    });
  }, [tree.data, search, t]);

  // Rooms hidden by the search stay as they were; the tree answers for the rooms it shows.
  const visible = new Set(data.flatMap((b) => (b.children ?? []).flatMap((f) => (f.children ?? []).map((r) => String(r.key)))));
  const merge = (keys: React.Key[]) => [...checked.filter((k) => !visible.has(k)), ...keys.map(String).filter((k) => visible.has(k))];
  return (
    <Drawer
      title={t('picker.title')}
      open={open}
      onClose={onClose}
      width={360}
      afterOpenChange={(o) => o && setChecked(value)}
      data-testid="room-picker"
      footer={(
        <Flex gap={8} justify="end">
          <Button onClick={() => setChecked([])} data-testid="picker-clear">{t('picker.clear')}</Button>
          <Button type="primary" onClick={() => onChange(checked)} data-testid="picker-apply">
            {checked.length ? t('picker.applyCount', { count: checked.length }) : t('picker.applyAll')}
          </Button>
        </Flex>
      )}
    >
      <Input.Search allowClear placeholder={t('picker.search')} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 12 }} />
      {tree.isError ? (
        <Alert type="error" showIcon message={tree.error.message} />
      ) : (
        <Spin spinning={tree.isPending}>
          {data.length ? (
            <Tree
              checkable
              showIcon
              blockNode
              defaultExpandAll
              key={search ? `s:${search}` : 'all'}
              treeData={data}
              checkedKeys={checked}
              onCheck={(keys) => setChecked(merge(Array.isArray(keys) ? keys : keys.checked))}
              // A click on a room's name ticks it too.
              selectedKeys={[]}
              onSelect={(_, { node }) => {
                const k = String(node.key);
                if (visible.has(k)) setChecked(checked.includes(k) ? checked.filter((x) => x !== k) : [...checked, k]);
              }}
            />
          ) : (
            !tree.isPending && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('picker.noMatch') : t('picker.empty')} />
          )}
        </Spin>
      )}
    </Drawer>
  );
}
