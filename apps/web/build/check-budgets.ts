/**
 * Fails the web build when a page downloads more JavaScript than its budget (build/route-budgets.ts),
 * or when the entry, which every page loads before it draws, holds zod: the schemas load with the
 * pages and forms that validate (docs/decisions/web.md, "Code splitting and per-page budgets").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chunksOf, measureRoutes, readManifest } from './route-budgets';

const distDir = path.resolve(import.meta.dirname, '..', 'dist');
const routes = measureRoutes(distDir);
const over = routes.filter((route) => route.gzipKb > route.budgetKb);
for (const route of routes)
  console.log(
    `${route.path.padEnd(16)} ${route.gzipKb.toFixed(1).padStart(6)} kB gzip  (budget ${route.budgetKb} kB)${route.gzipKb > route.budgetKb ? '  OVER' : ''}`,
  );

const { manifest, entry } = readManifest(distDir);
// zod names its error class in its code, so the minified library still carries the word.
const entryWithZod = [...chunksOf(manifest, [entry])].filter(
  (file) => file.endsWith('.js') && readFileSync(path.join(distDir, file), 'utf8').includes('ZodError'),
);

if (over.length > 0)
  console.error(`\nOver the JavaScript budget: ${over.map((route) => route.path).join(', ')}`);
if (entryWithZod.length > 0)
  console.error(
    `\nzod is in the entry's chunks (${entryWithZod.join(', ')}): import schemas only from lazy pages`,
  );
if (over.length > 0 || entryWithZod.length > 0) process.exit(1);
