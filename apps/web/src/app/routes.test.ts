import { describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import { OPEN_PATHS, TOKEN_OPTIONAL_PATHS } from './guard-rules.ts';
import { MENU_BY_KEY, MENU_NODES } from '@hxk/contracts/menus';
import { HOME_ROUTE, INHERIT_HIGHLIGHT, ROUTES } from './routes.tsx';

describe('route registry', () => {
  it('has unique keys and paths', () => {
    expect(new Set(ROUTES.map((r) => r.key)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
  it('agrees with the guard about which routes need a token', () => {
    for (const r of ROUTES) {
      const free = OPEN_PATHS.includes(r.path) || TOKEN_OPTIONAL_PATHS.includes(r.path);
      expect(free, r.path).toBe(r.access === 'open' || r.access === 'optional');
    }
  });
  it('titles every node of the menu tree as menu.<key>', () => {
    for (const n of MENU_NODES) expect(Object.keys(en.menu), n.key).toContain(n.key);
  });
  it('registers shell screens under their menu key, path and permission', () => {
    for (const r of ROUTES.filter((x) => x.layout === 'shell')) {
      // A screen any signed-in member may open (the server decides per record) is no menu.
      if (r.access === 'token') {
        expect(MENU_BY_KEY.has(r.key), r.key).toBe(false);
        expect(r.highlight, r.key).toBe(INHERIT_HIGHLIGHT);
        continue;
      }
      const node = MENU_BY_KEY.get(r.key);
      expect(node?.path, r.key).toBe(r.path);
      expect(r.access, r.key).toBe(r.key);
      if (r.highlight && r.highlight !== INHERIT_HIGHLIGHT) expect(MENU_BY_KEY.has(r.highlight), r.key).toBe(true);
    }
  });
  it('lands on a registered shell screen', () => {
    expect(ROUTES.find((r) => r.path === HOME_ROUTE)?.layout).toBe('shell');
  });
});
