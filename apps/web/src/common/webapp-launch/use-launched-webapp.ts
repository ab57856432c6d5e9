import { useCallback, useState } from 'react';
import { launchOf, type WebAppLaunch } from './launch';

/**
 * The last Launch Webapp answer a live hook received, shown in the Launch Webapp modal until
 * closed. `show` takes a `webapp-launched` message's data; both functions keep their identity,
 * so a socket handler may hold them.
 */
export function useLaunchedWebApp() {
  const [launched, setLaunched] = useState<WebAppLaunch | null>(null);
  const show = useCallback((data: Record<string, unknown>) => setLaunched(launchOf(data)), []);
  const close = useCallback(() => setLaunched(null), []);
  return { launched, show, close };
}
