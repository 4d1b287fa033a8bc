#!/usr/bin/env node
// The console's JavaScript a browser loads, gzip-compressed (docs/performance.md): the first page
// (index.html's entry and everything it imports statically) and, per lazily loaded page, what
// opening it adds. Reads the Vite manifest of `npm run build:web`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = 'dist/web';
const manifest = JSON.parse(readFileSync(join(root, '.vite/manifest.json'), 'utf8'));

/** The chunk and its static imports, transitively (what the browser fetches for it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const gzipKiB = (keys) => [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(join(root, manifest[key].file))).length, 0) / 1024;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const first = closure(entry);
console.log(`first page (index.html): ${gzipKiB(first).toFixed(1)} KiB of JavaScript, gzip`);
for (const key of manifest[entry].dynamicImports ?? []) {
  const added = [...closure(key)].filter((chunk) => !first.has(chunk));
  console.log(`  + ${key.replace(/^src\/pages\//, '')}: ${gzipKiB(added).toFixed(1)} KiB`);
}
