import type { ServerLogMessage } from '@tradedesk/domain';
import { webhookBody } from './embeds.js';
import type { SafeFetch } from './safe-fetch.js';

export interface WebhookTarget {
  url: string;
  /** The user's notification switches (configuration.notification). */
  isStartStopEnabled: boolean;
  isSnipesEnabled: boolean;
}

/** Run results (snipes and transfers) follow the Snipes switch; notices the Start/Stop one. */
export type WebhookKind = 'snipe' | 'transfer' | 'start-stop';

/**
 * Posts chat messages to a user's webhook. Delivery never blocks the caller and a failure is only
 * logged (without the URL: it carries the webhook's secret).
 */
export function createWebhookNotifier(options: {
  fetch: SafeFetch;
  now: () => Date;
  onError: (error: unknown) => void;
}) {
  const pending = new Set<Promise<void>>();

  function post(target: WebhookTarget | undefined, kind: WebhookKind, message: ServerLogMessage): void {
    if (target === undefined || target.url === '') return;
    if (kind === 'start-stop' ? !target.isStartStopEnabled : !target.isSnipesEnabled) return;
    const delivery = options
      .fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(webhookBody(message, options.now())),
      })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) throw new Error(`Webhook answered HTTP ${response.status}`);
      })
      .catch(options.onError)
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  return {
    post,
    /** Waits for deliveries in flight (shutdown, tests). */
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type WebhookNotifier = ReturnType<typeof createWebhookNotifier>;
