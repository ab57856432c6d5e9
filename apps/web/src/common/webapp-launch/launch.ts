import { webAppBlockingViews, type WebAppBlockingView } from '@tradedesk/domain';

/** Launch Webapp's answer (`webapp-launched`): where the account's web app opened and the coins it shows. */
export interface WebAppLaunch {
  accountId: string;
  where: 'this-machine' | 'agent-host';
  display: 'desktop' | 'virtual';
  host: string;
  /** The balance the page shows; null when it shows none. */
  coins: number | null;
  /** The blocking screen the page shows instead of the game (captcha, soft ban, locked market). */
  blockedBy: WebAppBlockingView | null;
}

/** The launch a `webapp-launched` message tells of, or null when it is not one this page can show. */
export function launchOf(data: Record<string, unknown>): WebAppLaunch | null {
  const user = data.user as { id?: unknown } | undefined;
  if (typeof user?.id !== 'string' || typeof data.host !== 'string') return null;
  return {
    accountId: user.id,
    where: data.where === 'this-machine' ? 'this-machine' : 'agent-host',
    display: data.display === 'desktop' ? 'desktop' : 'virtual',
    host: data.host,
    coins: typeof data.coins === 'number' ? data.coins : null,
    blockedBy: webAppBlockingViews.find((screen) => screen === data.blockedBy) ?? null,
  };
}
