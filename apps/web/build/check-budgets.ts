/** Fails the web build when a page downloads more JavaScript than its budget (build/route-budgets.ts). */
import path from 'node:path';
import { measureRoutes } from './route-budgets';

const routes = measureRoutes(path.resolve(import.meta.dirname, '..', 'dist'));
const over = routes.filter((route) => route.gzipKb > route.budgetKb);
for (const route of routes)
  console.log(
    `${route.path.padEnd(16)} ${route.gzipKb.toFixed(1).padStart(6)} kB gzip  (budget ${route.budgetKb} kB)${route.gzipKb > route.budgetKb ? '  OVER' : ''}`,
  );
if (over.length > 0) {
  console.error(`\nOver the JavaScript budget: ${over.map((route) => route.path).join(', ')}`);
  process.exit(1);
}
