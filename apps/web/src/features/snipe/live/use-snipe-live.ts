import { useQueryClient } from '@tanstack/react-query';
import { defaultNotificationConfig, type Account } from '@tradedesk/domain';
import { useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { accountsQueryKey } from '../../../common/accounts';
import { playSound, useConfiguration } from '../../../common/configuration';
import { useWebHub, webHubPaths } from '../../../common/live';
import { useLaunchedWebApp } from '../../../common/webapp-launch';
import type { SnipeAction } from '../api/snipe-socket';
import { snipeStatisticsQueryKey } from '../api/get-snipe-statistics';
import { applySnipeMessage } from './apply-snipe-message';
import { snipeErrorEventSchema, snipeServerMessageSchema } from './snipe-messages';
import { snipeNoticeOf } from './snipe-notice';

/**
 * Keeps the dashboard live: every server message updates the cached accounts and becomes the
 * notices (and sounds) the user's settings ask for. The connection is the shared `/client/snipe`
 * one (shared/live): it reconnects after a drop and the dashboard then reads its accounts and
 * statistics again. Returns the connection's status, a sender for the hub's actions, the last
 * Launch Account answer and the last refusal the hub sent (a panel waiting on its action reads it).
 */
export function useSnipeLive() {
  const queryClient = useQueryClient();
  const configuration = useConfiguration();
  const settingsRef = useRef(defaultNotificationConfig());
  settingsRef.current = configuration.data?.notification ?? defaultNotificationConfig();
  const launch = useLaunchedWebApp();
  const [lastError, setLastError] = useState<HubError | undefined>(undefined);

  const hub = useWebHub(webHubPaths.snipe, {
    onMessage: (payload) => {
      const parsed = snipeServerMessageSchema.safeParse(payload);
      if (!parsed.success) return; // an action this client does not know yet
      const message = parsed.data;
      const notice = snipeNoticeOf(message, settingsRef.current);
      if (notice.kept) notify.kept(notice.kept.notification, { quiet: notice.kept.quiet });
      if (notice.toast) notify[notice.toast.kind](notice.toast.text);
      if (notice.sound) playSound(settingsRef.current.sound[notice.sound]);
      queryClient.setQueryData<Account[]>(accountsQueryKey, (accounts) =>
        applySnipeMessage(accounts, message),
      );
      if (message.action === 'stop') void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      // A buy attempt is stored before it is sent: the weekly profits, totals and latest snipes
      // are read again, so a purchase's profit shows in the chart without a reload (issue 26).
      if (message.action === 'snipe-result')
        void queryClient.invalidateQueries({ queryKey: snipeStatisticsQueryKey });
      if (message.action === 'webapp-launched') launch.show(message.data);
    },
    onError: (payload) => {
      const parsed = snipeErrorEventSchema.safeParse(payload);
      const description = parsed.success
        ? parsed.data.description
        : 'Something went wrong, please try again later';
      notify.error(description);
      setLastError((previous) => ({ description, seq: (previous?.seq ?? 0) + 1 }));
    },
    onResync: () => {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: snipeStatisticsQueryKey });
    },
  });

  return {
    status: hub.status,
    isConnected: hub.isConnected,
    reconnectNow: hub.reconnectNow,
    send: (action: SnipeAction, data: unknown) => hub.send(action, data),
    /** Launch Account's answer, shown in the Launch Webapp modal until closed. */
    launched: launch.launched,
    closeLaunched: launch.close,
    lastError,
  };
}

/** A refusal the hub sent (`error {description}`), numbered so that a repeated text is a new one. */
export interface HubError {
  readonly description: string;
  readonly seq: number;
}

export type SnipeLive = ReturnType<typeof useSnipeLive>;
