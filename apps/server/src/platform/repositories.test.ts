import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './db.ts';

/**
 * Repositories (docs/decisions/0016-repositories.md) name the index a screen's query uses in a
 * `// index: <name> (...)` comment. A comment naming an index the migrations never create (renamed,
 * dropped, mistyped) would mislead the reader, so every such name is checked here.
 */
const MODULES = fileURLToPath(new URL('../modules', import.meta.url));

const repositories = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return repositories(p);
    return e.name.endsWith('.repo.ts') ? [p] : [];
  });

const migrations = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => fs.readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8')).join('\n');
const created = new Set([...migrations.matchAll(/(?:INDEX(?: IF NOT EXISTS)?|CONSTRAINT) "([a-z0-9_]+)"/gi)].map((m) => m[1]!));

describe('repositories', () => {
  const files = repositories(MODULES);

  it('exist for the modules', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('name only indexes the migrations create', () => {
    const unknown: string[] = [];
    for (const file of files) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\/\/ index: ([a-z0-9_]+)/g)) {
        if (!created.has(m[1]!)) unknown.push(`${path.relative(MODULES, file)}: ${m[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
