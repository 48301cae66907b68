/** A permitted screen of the left menu, with the group it sits in (titles in the current language). */
export type MenuEntry = { key: string; path: string; title: string; groupKey: string | null; groupTitle: string | null };

/** Matches of a menu search, in menu order, bundled by group. */
export type MenuMatchGroup = { groupKey: string | null; groupTitle: string | null; entries: MenuEntry[] };

/** Lower case, one space between words: so "Role  Perm" finds "Role permissions". */
const fold = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The screens whose title holds every word of the query (any case, any order). Titles only: a group's
 * name would bring all its screens and bury the one asked for.
 */
export function searchMenu(entries: readonly MenuEntry[], query: string): MenuMatchGroup[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (!words.length) return [];
  const out: MenuMatchGroup[] = [];
  for (const e of entries) {
    const title = fold(e.title);
    if (!words.every((w) => title.includes(w))) continue;
    const last = out.at(-1);
    if (last && last.groupKey === e.groupKey) last.entries.push(e);
    else out.push({ groupKey: e.groupKey, groupTitle: e.groupTitle, entries: [e] });
  }
  return out;
}

/**
 * The open group of the accordion after the menu asks to open or close groups: the one just opened
 * closes the others; closing keeps what stays open.
 */
export function accordion(open: readonly string[], asked: readonly string[]): string[] {
  const opened = asked.filter((k) => !open.includes(k));
  return opened.length ? [opened.at(-1)!] : asked.filter((k) => open.includes(k));
}

/** A node of the permitted menu tree, as the server sends it (only what the landing needs). */
type LandingNode = { kind: 'group' | 'menu' | 'button'; path: string | null; hidden: boolean; children: unknown[] };

/**
 * The first screen of one's menu, in menu order: where a person lands whose role does not hold the
 * usual landing (a student lands on their questionnaires, not on an Evaluate page they cannot use).
 */
export function firstScreen(tree: readonly LandingNode[]): string | null {
  for (const n of tree) {
    if (n.kind === 'menu' && !n.hidden && n.path) return n.path;
    if (n.kind === 'group') {
      const inner = firstScreen(n.children as LandingNode[]);
      if (inner) return inner;
    }
  }
  return null;
}
