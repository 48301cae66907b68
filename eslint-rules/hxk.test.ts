import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { hxk } from './hxk.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p: string) => path.join(ROOT, p);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-cross-feature', hxk.rules['no-cross-feature'], {
  valid: [
    { filename: at('apps/web/src/features/appeals/pages/List.tsx'), code: "import { a } from '../api/get-appeals.ts';" },
    { filename: at('apps/web/src/features/appeals/pages/List.tsx'), code: "import { api } from '../../../lib/api.ts';" },
    { filename: at('apps/web/src/features/appeals/components/deep/Box.tsx'), code: "import { x } from '../../api/x.ts';" },
    { filename: at('apps/web/src/app/composed-pages.tsx'), code: "import { P } from '../features/appeals/pages/List.tsx';" },
    { filename: at('apps/web/src/features/appeals/pages/List.tsx'), code: "import { Button } from 'antd';" },
  ],
  invalid: [
    { filename: at('apps/web/src/features/appeals/pages/List.tsx'), code: "import { r } from '../../reports/api/get-report.ts';", errors: [{ messageId: 'cross' }] },
    { filename: at('apps/web/src/features/appeals/pages/List.tsx'), code: "import { r } from '../../../features/reports/api/get-report.ts';", errors: [{ messageId: 'cross' }] },
    { filename: at('apps/web/src/features/appeals/components/deep/Box.tsx'), code: "export { r } from '../../../reports/api/get-report.ts';", errors: [{ messageId: 'cross' }] },
    { filename: at('apps/web/src/features/appeals/pages/List.tsx'), code: "const m = import('../../reports/pages/Report.tsx');", errors: [{ messageId: 'cross' }] },
    { filename: at('apps/web/src/lib/api.ts'), code: "import { r } from '../features/reports/api/get-report.ts';", errors: [{ messageId: 'upward' }] },
    { filename: at('apps/web/src/components/evaluation/X.tsx'), code: "import { r } from '../../features/reports/api/get-report.ts';", errors: [{ messageId: 'upward' }] },
  ],
});

tester.run('platform-capability', hxk.rules['platform-capability'], {
  valid: [
    { filename: at('apps/server/src/modules/auth/auth.service.ts'), code: "platformTx(db, 'auth', fn);" },
    { filename: at('apps/server/src/modules/courses/courses.integration.test.ts'), code: "platformTx(db, 'seed', fn);" },
    { filename: at('apps/server/src/modules/courses/courses.service.ts'), code: 'inSchool(ctx, fn);' },
  ],
  invalid: [
    // The label is checked against the file, not taken on trust (it was only a comment before).
    { filename: at('apps/server/src/modules/courses/courses.service.ts'), code: "platformTx(db, 'auth', fn);", errors: [{ messageId: 'notListed' }] },
    { filename: at('apps/server/src/modules/auth/auth.service.ts'), code: "platformTx(db, 'jobs', fn);", errors: [{ messageId: 'notListed' }] },
    { filename: at('apps/server/src/modules/auth/auth.service.ts'), code: "platformTx(db, 'root', fn);", errors: [{ messageId: 'unknown' }] },
    { filename: at('apps/server/src/modules/auth/auth.service.ts'), code: 'platformTx(db, label, fn);', errors: [{ messageId: 'literal' }] },
  ],
});

tester.run('school-runner', hxk.rules['school-runner'], {
  valid: [
    { filename: at('apps/server/src/modules/courses/courses.service.ts'), code: 'inSchool(ctx, (tx) => tx.select());' },
    { filename: at('apps/server/src/modules/auth/auth.service.ts'), code: "platformTx(ctx.deps.dbh.db, 'auth', fn);" },
  ],
  invalid: [
    { filename: at('apps/server/src/modules/courses/courses.service.ts'), code: 'schoolTx(ctx.deps.dbh.db, id, fn);', errors: [{ messageId: 'schoolTx' }, { messageId: 'dbh' }] },
    { filename: at('apps/server/src/modules/courses/courses.service.ts'), code: 'const db = ctx.deps.dbh.db;', errors: [{ messageId: 'dbh' }] },
    { filename: at('apps/server/src/modules/courses/courses.service.ts'), code: "platformTx(db, 'auth', () => ctx.deps.dbh.rows(q));", errors: [{ messageId: 'dbh' }] },
  ],
});

tester.run('serial-tx', hxk.rules['serial-tx'], {
  valid: [
    { code: 'async function f(tx) { const a = await tx.select(); const b = await tx.select(); }' },
    { code: 'await Promise.all([loginAs(app, "a"), loginAs(app, "b")]);' },
    { code: 'await Promise.all(ids.map((id) => inSchool(ctx, (tx) => read(tx, id))));' },
  ],
  invalid: [
    { code: 'await Promise.all([tx.select(), tx.select()]);', errors: [{ messageId: 'parallel' }] },
    { code: 'await Promise.all([peopleRefs(tx, ids), planCounts(tx, ids)]);', errors: [{ messageId: 'parallel' }] },
    { code: 'await Promise.allSettled(ids.map((id) => stx.execute(q(id))));', errors: [{ messageId: 'parallel' }] },
  ],
});

const tsTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
tsTester.run('repository-sql', hxk.rules['repository-sql'], {
  valid: [
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: "import type { SQL } from 'drizzle-orm';" },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: "import { type semesters } from '../../db/schema/index.ts';" },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: "import * as repo from './calendar.repo.ts'; inSchool(ctx, (tx) => repo.semesterById(tx, id));" },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: "import { page, iso } from '../../platform/sql-rows.ts'; const m = new Map(); m.delete(1);" },
  ],
  invalid: [
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: "import { sql } from 'drizzle-orm';", errors: [{ messageId: 'drizzle' }] },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: "import { semesters } from '../../db/schema/index.ts';", errors: [{ messageId: 'drizzle' }] },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: 'inSchool(ctx, (tx) => tx.select().from(t));', errors: [{ messageId: 'query' }] },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: 'await tx.execute(q); await tx.query.accounts.findFirst();', errors: [{ messageId: 'query' }, { messageId: 'query' }] },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: 'await ctx.deps.dbh.db.delete(t);', errors: [{ messageId: 'query' }] },
    { filename: at('apps/server/src/modules/calendar/calendar.service.ts'), code: "import { rowsOf, page } from '../../platform/sql-rows.ts';", errors: [{ messageId: 'rawRows' }] },
  ],
});
