import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Spin, Tag, Tree, theme, type TreeDataNode } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { withAncestors } from '@hxk/contracts/menus';
import { Permission } from '../../../components/Permission.tsx';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useMenuTree } from '../api/get-menu-tree.ts';
import { useRoleMenu } from '../api/get-role-menu.ts';
import { useAuthRoleMenu } from '../api/auth-role-menu.ts';

type Node = { menuId: number; key: string; kind: string; hidden: boolean; children: unknown[] };

/** Tree key of a screen that has buttons: the screen itself is then its first leaf ("open the screen"). */
const screenKey = (menuId: number) => `screen-${menuId}`;

function toTreeData(nodes: Node[], t: TFunction, leaves: Set<number>): TreeDataNode[] {
  return nodes.map((n) => {
    const children = n.children as Node[];
    const title = (
      <span data-testid={`menu-node-${n.key}`}>
        {menuTitle(t, n.key)}
        {n.kind === 'button' && <Tag style={{ marginInlineStart: 8 }}>{t('permission.button')}</Tag>}
        {n.hidden && <Tag style={{ marginInlineStart: 8 }}>{t('permission.hidden')}</Tag>}
      </span>
    );
    if (children.length === 0) {
      leaves.add(n.menuId);
      return { key: n.menuId, title };
    }
    if (n.kind === 'menu') {
      // A screen may be granted without any of its buttons: its own leaf carries that grant.
      leaves.add(n.menuId);
      const open = { key: n.menuId, title: <span data-testid={`menu-node-${n.key}-open`}>{t('permission.open')}</span> };
      return { key: screenKey(n.menuId), title, children: [open, ...toTreeData(children, t, leaves)] };
    }
    return { key: n.menuId, title, children: toTreeData(children, t, leaves) };
  });
}

/** Checked tree keys → granted node ids (screen wrappers are not grants; their leaves are). */
const grantedIds = (keys: readonly (string | number | bigint)[]) =>
  keys.filter((k) => typeof k === 'number' || /^\d+$/.test(String(k))).map(Number);

/**
 * The menus and buttons a role grants. The tree is conducted: only leaves are set from the grant
 * (the server stores ancestors too, which would otherwise tick every sibling), and a save sends the
 * ticked nodes with their ancestors. A screen with buttons gets an "open the screen" leaf of its own,
 * so it can be granted without its buttons (a button still implies its screen).
 */
export function RoleMenuTree({ roleId }: { roleId: string }) {
  const { t } = useTranslation('roles');
  const tree = useMenuTree();
  const granted = useRoleMenu(roleId);
  const save = useAuthRoleMenu();
  const [checked, setChecked] = useState<number[] | null>(null);
  const { token } = theme.useToken();

  const { data, leaves } = useMemo(() => {
    const l = new Set<number>();
    return { data: toTreeData((tree.data ?? []) as Node[], t, l), leaves: l };
  }, [tree.data, t]);

  if (tree.isPending || granted.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!tree.data?.length) return <Empty />;

  const value = checked ?? (granted.data?.menuIds ?? []).filter((id) => leaves.has(id));
  return (
    <Flex vertical gap={4}>
      {/* The tree takes the page's height and scrolls with it; Save stays in view under the header. */}
      <Flex justify="flex-end" style={{ position: 'sticky', top: 56, zIndex: 2, padding: '8px 0', background: token.colorBgContainer }} data-testid="role-menu-bar">
        <Permission code="role:grant">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => save.mutate({ roleId, menuIds: [...withAncestors(value)] }, { onSuccess: () => toastSuccess(t('permission.saved')) })}
            data-testid="role-menu-save"
          >
            {t('permission.save')}
          </Button>
        </Permission>
      </Flex>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        treeData={data}
        checkedKeys={value}
        onCheck={(keys) => setChecked(grantedIds(Array.isArray(keys) ? keys : keys.checked))}
        data-testid="role-menu-tree"
      />
    </Flex>
  );
}
