import { useMemo, useState } from 'react';
import { AutoComplete, Menu, type MenuProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TMenuTreeItem } from '../../features/roles/api/get-my-menus.ts';
import { MenuIcon } from '../../components/MenuIcon.tsx';
import { menuTitle } from '../../lib/menu-title.ts';
import { routeByPath } from '../routes.tsx';
import { accordion, searchMenu, type MenuEntry } from './menu-model.ts';

type Item = Required<MenuProps>['items'][number];

/** A permitted menu shows when it is a visible screen whose route the web app registers. */
function shown(n: TMenuTreeItem): n is TMenuTreeItem & { path: string } {
  return n.kind === 'menu' && !n.hidden && !!n.path && routeByPath(n.path)?.layout === 'shell';
}

/** The menu items of the permitted tree (groups as submenus, screens as items), and its screens for the search. */
export function menuModel(tree: TMenuTreeItem[], t: Parameters<typeof menuTitle>[0]): { items: Item[]; entries: MenuEntry[] } {
  const entries: MenuEntry[] = [];
  const leaf = (n: TMenuTreeItem & { path: string }, group: TMenuTreeItem | null): Item => {
    entries.push({ key: n.key, path: n.path, title: menuTitle(t, n.key), groupKey: group?.key ?? null, groupTitle: group ? menuTitle(t, group.key) : null });
    return { key: n.key, icon: n.icon ? <MenuIcon name={n.icon} /> : undefined, label: menuTitle(t, n.key), 'data-testid': `menu-${n.key}` };
  };
  const items: Item[] = [];
  for (const n of tree) {
    if (n.kind === 'group') {
      const children = (n.children as TMenuTreeItem[]).filter(shown).map((c) => leaf(c, n));
      if (children.length) items.push({ key: n.key, icon: <MenuIcon name={n.icon ?? ''} />, label: menuTitle(t, n.key), children, 'data-testid': `menu-group-${n.key}` });
    } else if (shown(n)) items.push(leaf(n, null));
  }
  return { items, entries };
}

/**
 * Finds a screen by its title in the current language: matches listed under their group, arrows to
 * choose, Enter to open the first or the chosen one, Esc to close.
 */
function MenuSearch({ entries, onPick }: { entries: MenuEntry[]; onPick: (key: string) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const options = searchMenu(entries, query).map((g) => {
    const screens = g.entries.map((e) => ({
      value: e.key,
      label: <span data-testid={`menu-search-${e.key}`}>{e.title}</span>,
      // Read out with its group: the list shows the group as a heading above it.
      'aria-label': g.groupTitle ? `${e.title} · ${g.groupTitle}` : e.title,
    }));
    return g.groupTitle ? { label: g.groupTitle, title: g.groupTitle, options: screens } : screens;
  });
  return (
    <AutoComplete
      value={query}
      options={options.flat()}
      onChange={setQuery}
      onSelect={(key: string) => {
        setQuery('');
        onPick(key);
      }}
      showSearch={{ filterOption: false }}
      defaultActiveFirstOption
      allowClear
      popupMatchSelectWidth={260}
      notFoundContent={query.trim() ? <span data-testid="menu-search-empty">{t('shell.menuSearch.empty')}</span> : null}
      prefix={<SearchOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />}
      placeholder={t('shell.menuSearch.placeholder')}
      aria-label={t('shell.menuSearch.label')}
      style={{ width: '100%' }}
      data-testid="menu-search"
    />
  );
}

/**
 * The left menu: a search over its screens, then the groups as an accordion. The group of the screen
 * shown is open (on load, and whenever the screen changes, also from the search or the header);
 * opening a group closes the others.
 */
export function SideMenu({ tree, selected, collapsed }: { tree: TMenuTreeItem[]; selected: string | undefined; collapsed: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- titles change with the language
  const { items, entries } = useMemo(() => menuModel(tree, t), [tree, t, i18n.language]);
  const current = entries.find((e) => e.key === selected)?.groupKey ?? undefined;
  const [open, setOpen] = useState<string[]>(current ? [current] : []);
  const [openedFor, setOpenedFor] = useState(current);
  // Adjusting state while rendering (React's documented pattern) rather than in an effect.
  if (current !== openedFor) {
    setOpenedFor(current);
    if (current) setOpen([current]);
  }
  const go = (key: string) => {
    const entry = entries.find((e) => e.key === key);
    if (entry) void navigate(entry.path);
  };
  return (
    <nav className="side-menu" aria-label={t('shell.menu')}>
      <div className="side-menu__search">
        <MenuSearch entries={entries} onPick={go} />
      </div>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        // Folded away (a phone's closed menu), the menu is in pop-up mode: no group may open there.
        openKeys={collapsed ? [] : open}
        // Folding the sider away closes every group through this call: the open group is kept for
        // when it unfolds (the phone's menu button opens it on the current group).
        onOpenChange={(keys) => {
          if (!collapsed) setOpen(accordion(open, keys));
        }}
        // Closed groups keep their screens in the page (hidden), so the menu's content is whole.
        forceSubMenuRender
        style={{ borderInlineEnd: 'none' }}
        items={items}
        onClick={({ key }) => go(key)}
        data-testid="side-menu"
      />
    </nav>
  );
}
