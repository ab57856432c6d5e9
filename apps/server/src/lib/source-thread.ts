import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on one of the server's own modules. The production build runs the
 * module's bundle (`apps/server/dist/<name>.js`, an entry of scripts/build.ts); from sources the
 * thread registers tsx first, then imports the TypeScript file.
 */
export function startSourceThread(
  bundleName: string,
  sourceFile: URL,
  options: Omit<WorkerOptions, 'eval'> = {},
): Worker {
  if (process.env.TRADEDESK_BUILT === 'true')
    return new Worker(new URL(`../../dist/${bundleName}.js`, import.meta.url), options);
  const loader = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(sourceFile.href)}); })`,
    { ...options, eval: true },
  );
}
