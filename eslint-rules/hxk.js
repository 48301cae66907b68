/**
 * The project's own lint rules (eslint.config.js registers them as the `hxk` plugin).
 *
 * - no-cross-feature: a web feature imports lib, components and itself, never another feature, and
 *   lib/components never import a feature (STYLE 10). Relative paths are resolved, so
 *   `../../../features/x/...` is caught as well as `../../x/...`.
 * - platform-capability: `platformTx(db, '<path>', fn)` crosses schools. Each path is a capability
 *   listed with the files that may use it in apps/server/src/platform/tenancy.ts
 *   (PLATFORM_CAPABILITIES); the label must be a literal and the file must be listed for it.
 * - school-runner: server modules reach the database through `inSchool` (or a platform capability),
 *   never through the raw handle: no `schoolTx(...)`, and `.dbh` only inside a `platformTx(...)` call.
 * - serial-tx: a transaction is one connection, so its queries run one at a time: no
 *   `Promise.all/allSettled/any/race` whose arguments use a transaction (`tx`, `stx`, `ptx`). pg queues
 *   such queries and warns (an error from pg 9); the API tests also fail on that warning (test/harness.ts).
 * - repository-sql: a module's SQL lives in its repositories (`*.repo.ts`, docs/decisions/0016): other
 *   module files import nothing from drizzle-orm or the schema but types, never call a query method on
 *   a transaction or database (`tx.select(...)`, `db.execute(...)`, `tx.query...`), and never read raw
 *   rows (`rowsOf`, `queryRows`, `idList` of platform/sql-rows.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = path.join(ROOT, 'apps/web/src/features');
const WEB_SHARED = [path.join(ROOT, 'apps/web/src/lib'), path.join(ROOT, 'apps/web/src/components')];
const TENANCY = path.join(ROOT, 'apps/server/src/platform/tenancy.ts');

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');
const featureOf = (abs) => {
  const r = path.relative(FEATURES, abs);
  return r.startsWith('..') || path.isAbsolute(r) ? null : r.split(path.sep)[0];
};

function importSources(context, check) {
  const visit = (node) => node.source && typeof node.source.value === 'string' && check(node.source, node.source.value);
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: (node) => node.source.type === 'Literal' && typeof node.source.value === 'string' && check(node.source, node.source.value),
  };
}

const noCrossFeature = {
  meta: { type: 'problem', schema: [], messages: {
    cross: 'No cross-feature imports (STYLE 10): {{from}} imports feature "{{to}}". Compose features in apps/web/src/app.',
    upward: 'lib and components never import a feature (STYLE 10): compose in apps/web/src/app.',
  } },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    const shared = WEB_SHARED.some((d) => file.startsWith(d + path.sep));
    if (!own && !shared) return {};
    return importSources(context, (node, spec) => {
      if (!spec.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), spec));
      if (!target) return;
      if (shared) context.report({ node, messageId: 'upward' });
      else if (target !== own) context.report({ node, messageId: 'cross', data: { from: own, to: target } });
    });
  },
};

/** PLATFORM_CAPABILITIES read from tenancy.ts: { label: [glob, ...] }. */
let capabilities;
function loadCapabilities() {
  if (capabilities) return capabilities;
  const source = ts.createSourceFile(TENANCY, fs.readFileSync(TENANCY, 'utf8'), ts.ScriptTarget.Latest, true);
  const out = new Map();
  const visit = (n) => {
    if (ts.isVariableDeclaration(n) && n.name.getText() === 'PLATFORM_CAPABILITIES' && n.initializer) {
      let init = n.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) {
        for (const p of init.properties) {
          if (!ts.isPropertyAssignment(p)) continue;
          let value = p.initializer;
          while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
          const list = ts.isArrayLiteralExpression(value) ? value.elements.filter(ts.isStringLiteral).map((e) => e.text) : [];
          out.set(p.name.getText().replace(/['"]/g, ''), list);
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  if (!out.size) throw new Error(`hxk/platform-capability: PLATFORM_CAPABILITIES not found in ${TENANCY}`);
  capabilities = out;
  return out;
}

// Globs: "**/" any folders, "**" anything, "*" anything within one folder.
const GLOB_PARTS = { '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*' };
const escapeRe = (text) => text.replace(/[.+?^$()|[\]{}\\]/g, (c) => '\\' + c);
const globToRegExp = (glob) => new RegExp('^' + glob.split(/(\*\*\/|\*\*|\*)/).map((part) => GLOB_PARTS[part] ?? escapeRe(part)).join('') + '$');

export function allowedCapability(label, file) {
  const globs = loadCapabilities().get(label);
  return Boolean(globs?.some((g) => globToRegExp(g).test(file)));
}

const platformCapability = {
  meta: { type: 'problem', schema: [], messages: {
    literal: 'platformTx needs its capability as a string literal (see PLATFORM_CAPABILITIES in platform/tenancy.ts).',
    unknown: 'Unknown platform capability "{{label}}" (see PLATFORM_CAPABILITIES in platform/tenancy.ts).',
    notListed: '{{file}} may not use the platform capability "{{label}}": list it in PLATFORM_CAPABILITIES (platform/tenancy.ts) after review, or use inSchool.',
  } },
  create(context) {
    const file = rel(context.filename);
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'platformTx') return;
        const arg = node.arguments[1];
        if (!arg || arg.type !== 'Literal' || typeof arg.value !== 'string') return context.report({ node, messageId: 'literal' });
        if (!loadCapabilities().has(arg.value)) return context.report({ node: arg, messageId: 'unknown', data: { label: arg.value } });
        if (!allowedCapability(arg.value, file)) context.report({ node: arg, messageId: 'notListed', data: { file, label: arg.value } });
      },
    };
  },
};

const schoolRunner = {
  meta: { type: 'problem', schema: [], messages: {
    schoolTx: 'Modules run school work through inSchool (platform/tenancy.ts), not schoolTx with a raw handle.',
    dbh: 'Modules never hold the raw database handle: use inSchool, or a platform capability through platformTx.',
  } },
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'schoolTx') context.report({ node, messageId: 'schoolTx' });
      },
      MemberExpression(node) {
        if (node.property.type !== 'Identifier' || node.property.name !== 'dbh' || node.computed) return;
        const inPlatformCall = context.sourceCode
          .getAncestors(node)
          .some((a) => a.type === 'CallExpression' && a.callee.type === 'Identifier' && a.callee.name === 'platformTx' && a.arguments[0] && a.arguments[0].range[0] <= node.range[0] && node.range[1] <= a.arguments[0].range[1]);
        if (!inPlatformCall) context.report({ node, messageId: 'dbh' });
      },
    };
  },
};

const TX_NAMES = new Set(['tx', 'stx', 'ptx', 'trx']);
const COMBINATORS = new Set(['all', 'allSettled', 'any', 'race']);
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/**
 * True when the subtree uses a transaction it did not open itself: `ids.map((id) => tx...)` counts,
 * `ids.map((id) => inSchool(ctx, (tx) => ...))` (a transaction each) does not.
 */
function usesOuterTx(node, bound = new Set()) {
  if (!node || typeof node.type !== 'string') return false;
  if (node.type === 'Identifier') return TX_NAMES.has(node.name) && !bound.has(node.name);
  if (FUNCTIONS.has(node.type)) {
    const inner = new Set([...bound, ...node.params.filter((p) => p.type === 'Identifier').map((p) => p.name)]);
    return usesOuterTx(node.body, inner);
  }
  return Object.entries(node).some(([key, value]) => key !== 'parent' && (Array.isArray(value) ? value.some((v) => usesOuterTx(v, bound)) : value && typeof value === 'object' && usesOuterTx(value, bound)));
}

const serialTx = {
  meta: { type: 'problem', schema: [], messages: {
    parallel: 'Queries of one transaction run one at a time (one connection): await them in turn instead of Promise.{{method}}.',
  } },
  create(context) {
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== 'Promise' || callee.property.type !== 'Identifier') return;
        if (!COMBINATORS.has(callee.property.name)) return;
        if (node.arguments.some((a) => usesOuterTx(a))) context.report({ node, messageId: 'parallel', data: { method: callee.property.name } });
      },
    };
  },
};

const QUERY_METHODS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute', 'query', '$count', '$with', 'with', 'refreshMaterializedView']);
const DB_NAMES = new Set([...TX_NAMES, 'db']);
const RAW_ROW_HELPERS = new Set(['rowsOf', 'queryRows', 'idList']);
const SCHEMA_DIR = path.join(ROOT, 'apps/server/src/db/schema');

const repositorySql = {
  meta: { type: 'problem', schema: [], messages: {
    drizzle: 'SQL lives in the module\'s repository (*.repo.ts, docs/decisions/0016): import only types from {{from}} here.',
    query: 'SQL lives in the module\'s repository (*.repo.ts, docs/decisions/0016): call a repository function instead of {{name}}.{{method}}.',
    rawRows: 'Raw rows are read in repositories only (*.repo.ts, docs/decisions/0016): {{name}}.',
  } },
  create(context) {
    const file = context.filename;
    const typeOnly = (node) => node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string') return;
        const isDrizzle = spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/');
        const resolved = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : '';
        const isSchema = resolved === SCHEMA_DIR || resolved.startsWith(SCHEMA_DIR + path.sep);
        if ((isDrizzle || isSchema) && !typeOnly(node)) context.report({ node, messageId: 'drizzle', data: { from: isDrizzle ? spec : 'db/schema' } });
        if (resolved.endsWith(`${path.sep}platform${path.sep}sql-rows.ts`)) {
          for (const s of node.specifiers) {
            if (s.type === 'ImportSpecifier' && RAW_ROW_HELPERS.has(s.imported.name)) context.report({ node: s, messageId: 'rawRows', data: { name: s.imported.name } });
          }
        }
      },
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier' || !QUERY_METHODS.has(node.property.name)) return;
        let obj = node.object;
        // ctx.deps.dbh.db.select(...) and tx.select(...) alike.
        if (obj.type === 'MemberExpression' && !obj.computed && obj.property.type === 'Identifier') obj = obj.property;
        if (obj.type === 'Identifier' && DB_NAMES.has(obj.name)) context.report({ node, messageId: 'query', data: { name: obj.name, method: node.property.name } });
      },
    };
  },
};

export const hxk = {
  meta: { name: 'hxk' },
  rules: { 'no-cross-feature': noCrossFeature, 'platform-capability': platformCapability, 'school-runner': schoolRunner, 'serial-tx': serialTx, 'repository-sql': repositorySql },
};
