import { describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import { OPEN_PATHS, TOKEN_OPTIONAL_PATHS } from './guard-rules.ts';
import { HOME_ROUTE, ROUTES } from './routes.tsx';

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
  it('titles every menu entry as menu.<key>', () => {
    for (const r of ROUTES.filter((x) => x.menu)) expect(en.menu, r.key).toHaveProperty(r.key);
  });
  it('lands on a registered shell screen', () => {
    expect(ROUTES.find((r) => r.path === HOME_ROUTE)?.layout).toBe('shell');
  });
});
