// Gzip size of the JavaScript the login page loads: the entry chunk, its static imports, and the
// lazily loaded login route with its static imports (from Vite's build manifest).
// Usage: node scripts/login-bundle-size.mjs [--by-package]  (after `npm run build`; --by-package
// needs a build with --sourcemap).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const ROUTES = ['src/app/layouts/AuthLayout.tsx', 'src/features/auth/pages/LoginPage.tsx'];

const files = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) walk(dep);
}
walk('index.html');
for (const r of ROUTES) walk(r);

let raw = 0;
let gz = 0;
const rows = [];
for (const file of files) {
  const buf = fs.readFileSync(path.join(dist, file));
  const g = zlib.gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push([file, buf.length, g]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [f, r, g] of rows) console.log(`${(g / 1024).toFixed(1).padStart(7)} KiB gz  ${(r / 1024).toFixed(1).padStart(7)} KiB  ${f}`);
console.log(`login page JS: ${files.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`);

if (process.argv.includes('--by-package')) {
  const { SourceMapConsumer } = await import('source-map-js');
  const sizes = new Map();
  for (const file of files) {
    const mapFile = path.join(dist, `${file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
    const lines = code.split('\n');
    let last = null;
    consumer.eachMapping((m) => {
      if (last) {
        const len = m.generatedLine === last.line ? m.generatedColumn - last.col : lines[last.line - 1].length - last.col;
        const src = last.source ?? '?';
        const pkg = src.includes('node_modules/') ? src.split('node_modules/').pop().split('/').slice(0, src.split('node_modules/').pop().startsWith('@') ? 2 : 1).join('/') : src.includes('packages/contracts') ? '@hxk/contracts' : 'app';
        sizes.set(pkg, (sizes.get(pkg) ?? 0) + Math.max(0, len));
      }
      last = { line: m.generatedLine, col: m.generatedColumn, source: m.source };
    });
  }
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  for (const [pkg, n] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${(n / 1024).toFixed(1).padStart(8)} KiB raw  ${((100 * n) / total).toFixed(1).padStart(5)}%  ${pkg}`);
  }
}
