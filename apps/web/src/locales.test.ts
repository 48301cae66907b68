import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'locales');
const LANGS = ['zh', 'en', 'ja'];

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  const namespaces = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));
  it('have the same namespaces in zh, en and ja', () => {
    for (const lng of LANGS) expect(fs.readdirSync(path.join(dir, lng)).filter((f) => f.endsWith('.json')).sort()).toEqual([...namespaces].sort());
  });
  it('bundle every namespace in each language, in its sign-in part (index.ts) or its app part (app.ts)', () => {
    for (const lng of LANGS) {
      const index = ['index.ts', 'app.ts'].map((f) => fs.readFileSync(path.join(dir, lng, f), 'utf8')).join('\n');
      for (const ns of namespaces) expect(index, `${lng}/${ns}`).toContain(`from './${ns}'`);
    }
  });
  for (const ns of namespaces) {
    it(`${ns} has the same keys in zh, en and ja, none empty`, () => {
      const all = LANGS.map((lng) => JSON.parse(fs.readFileSync(path.join(dir, lng, ns), 'utf8')) as unknown);
      const en = keys(all[1]).sort();
      for (const data of all) {
        expect(keys(data).sort()).toEqual(en);
        for (const k of keys(data)) {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], data);
          expect(typeof v === 'string' && v.trim().length > 0, `${ns}:${k}`).toBe(true);
        }
      }
    });
  }
});
