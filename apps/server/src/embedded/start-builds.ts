import { join } from 'node:path';
import type { StartBuild } from './build-on-start.js';

/**
 * What `npm start` builds first, in the repository at `repoRoot`: the web app and the add-on when
 * missing or older than their sources, so a fresh clone serves both, and a pull or an edit never
 * serves a page of before against the server of now (the web app's build takes a minute or two;
 * only a change pays it).
 */
export function startBuilds(repoRoot: string): StartBuild[] {
  const at = (...paths: string[]) => paths.map((path) => join(repoRoot, path));
  return [
    {
      name: 'web app',
      workspace: '@tradedesk/web',
      output: join(repoRoot, 'apps/web/dist/index.html'),
      sources: at('apps/web/src', 'apps/web/public', 'apps/web/build', 'packages/domain/src'),
    },
    {
      name: 'add-on',
      workspace: '@tradedesk/extension',
      output: join(repoRoot, 'apps/extension/dist/unpacked/manifest.json'),
      sources: at('apps/extension/src', 'apps/extension/static', 'packages/domain/src'),
    },
  ];
}
