import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TMenuTreeItem } from '../../features/roles/api/get-my-menus.ts';
import { MenuIcon } from '../../components/MenuIcon.tsx';
import { menuTitle } from '../../lib/menu-title.ts';
import { routeByPath } from '../routes.tsx';

type Item = Required<MenuProps>['items'][number];

/** A permitted menu shows when it is a visible screen whose route the web app registers. */
function shown(n: TMenuTreeItem): n is TMenuTreeItem & { path: string } {
  return n.kind === 'menu' && !n.hidden && !!n.path && routeByPath(n.path)?.layout === 'shell';
}

/** The menu items of the permitted tree: groups as submenus, screens as items. */
export function menuItems(tree: TMenuTreeItem[], t: Parameters<typeof menuTitle>[0]): { items: Item[]; paths: Map<string, string> } {
  const paths = new Map<string, string>();
  const leaf = (n: TMenuTreeItem & { path: string }): Item => {
    paths.set(n.key, n.path);
    return { key: n.key, icon: n.icon ? <MenuIcon name={n.icon} /> : undefined, label: menuTitle(t, n.key), 'data-testid': `menu-${n.key}` };
  };
  const items: Item[] = [];
  for (const n of tree) {
    if (n.kind === 'group') {
      const children = (n.children as TMenuTreeItem[]).filter(shown).map(leaf);
      if (children.length) items.push({ key: n.key, icon: <MenuIcon name={n.icon ?? ''} />, label: menuTitle(t, n.key), children });
    } else if (shown(n)) items.push(leaf(n));
  }
  return { items, paths };
}

export function SideMenu({ tree, selected }: { tree: TMenuTreeItem[]; selected: string | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- titles change with the language
  const { items, paths } = useMemo(() => menuItems(tree, t), [tree, t, i18n.language]);
  // Every group starts open: few screens are built yet, and a closed group hides the way in.
  const groups = useMemo(() => tree.filter((n) => n.kind === 'group').map((n) => n.key), [tree]);
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={groups}
      style={{ borderInlineEnd: 'none', paddingTop: 8 }}
      items={items}
      onClick={({ key }) => {
        const path = paths.get(key);
        if (path) void navigate(path);
      }}
      data-testid="side-menu"
    />
  );
}
