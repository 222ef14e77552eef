#!/usr/bin/env node
// Size budget of the built app (run after `npm run build`), in the brotli copies the build writes
// and the server sends (e2e/transfer.spec.ts measures the same budgets over HTTP):
// - the sign-in page's initial JavaScript (entry chunks + the login route's chunks) ≤ 200 KB;
// - every lazily loaded route chunk ≤ 120 KB.
// Prints the figures and exits 1 when a budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const statsFile = path.join(root, 'build-stats.json');

const KB = 1024;
export const SIGN_IN_BUDGET = 200 * KB;
export const ROUTE_CHUNK_BUDGET = 120 * KB;
const LOGIN_CHUNK_GROUP = 'route-login';

function fail(message) {
  console.error(`size-check: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(statsFile) || !fs.existsSync(path.join(dist, 'index.html'))) {
  fail('no build found: run `npm run build` first.');
}

const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
const sentCache = new Map();
function sentSize(file) {
  if (!sentCache.has(file)) {
    const full = path.join(dist, file);
    if (!fs.existsSync(full)) fail(`missing built file ${file} (stale build-stats.json?)`);
    // Files under 1 KB have no compressed copy: they go out as they are.
    const sent = fs.existsSync(`${full}.br`) ? `${full}.br` : full;
    sentCache.set(file, fs.statSync(sent).size);
  }
  return sentCache.get(file);
}
const isJs = (file) => file.endsWith('.js');
const assetNames = (group) => (group?.assets ?? []).map((asset) => (typeof asset === 'string' ? asset : asset.name));
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const entry = stats.entrypoints?.main;
if (!entry) fail('build-stats.json has no "main" entrypoint.');
const loginGroup = stats.namedChunkGroups?.[LOGIN_CHUNK_GROUP];
if (!loginGroup) fail(`build-stats.json has no "${LOGIN_CHUNK_GROUP}" chunk group.`);

const signInFiles = [...new Set([...assetNames(entry), ...assetNames(loginGroup)])].filter(isJs);
let signInTotal = 0;
console.log('Sign-in page (/compte/connexion), initial JavaScript:');
for (const file of signInFiles) {
  const size = sentSize(file);
  signInTotal += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)} br`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(signInTotal).padStart(10)} br (budget ${kb(SIGN_IN_BUDGET)})`);

// Every named lazy chunk group (a route screen, a layout): its own chunk plus the shared
// pieces it needs beyond the entry chunks. Each must stay within the route budget.
const entryFiles = new Set(assetNames(entry));
const groups = Object.entries(stats.namedChunkGroups ?? {})
  .filter(([name]) => name !== 'main')
  .map(([name, group]) => {
    const files = assetNames(group).filter((file) => isJs(file) && !entryFiles.has(file));
    const own = files.find((file) => path.basename(file).startsWith(`${name}.`));
    return {
      name,
      ownSize: own ? sentSize(own) : 0,
      total: files.reduce((sum, file) => sum + sentSize(file), 0),
      files: files.length,
    };
  })
  .sort((a, b) => b.total - a.total);

console.log('\nLazy route chunks (own chunk / with the shared chunks it loads):');
const overBudget = [];
for (const group of groups) {
  const over = group.total > ROUTE_CHUNK_BUDGET;
  console.log(
    `  ${group.name.padEnd(24)} ${kb(group.ownSize).padStart(9)} own  ${kb(group.total).padStart(9)} with shared (${group.files} file(s))${over ? '  OVER BUDGET' : ''}`,
  );
  if (over) overBudget.push(group);
}
console.log(`  budget: ${kb(ROUTE_CHUNK_BUDGET)} br per route, shared chunks included`);

let ok = true;
if (signInTotal > SIGN_IN_BUDGET) {
  console.error(`\nFAIL: the sign-in page loads ${kb(signInTotal)} of JavaScript (brotli), over ${kb(SIGN_IN_BUDGET)}.`);
  ok = false;
}
if (overBudget.length > 0) {
  console.error(`\nFAIL: ${overBudget.length} route chunk(s) over ${kb(ROUTE_CHUNK_BUDGET)} br.`);
  ok = false;
}
if (!ok) process.exit(1);
console.log('\nsize-check: OK');
