import { useQueryClient } from '@tanstack/react-query';
import { defaultNotificationConfig, type Account } from '@tradedesk/domain';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { notify } from '../../../lib/notify';
import {
  recoverRefusedConnections,
  type ConnectionRecovery,
  type LiveStatus,
} from '../../../lib/socket-recovery';
import { useWebHubCredential } from '../../../lib/web-hub-socket';
import { accountsQueryKey } from '../../../shared/accounts';
import { playSound, useConfiguration } from '../../../shared/configuration';
import { useLaunchedWebApp } from '../../../shared/webapp-launch';
import { connectSnipeSocket, sendSnipeAction, type SnipeAction } from '../api/snipe-socket';
import { applySnipeMessage } from './apply-snipe-message';
import { snipeErrorEventSchema, snipeServerMessageSchema } from './snipe-messages';
import { snipeNoticeOf } from './snipe-notice';

/**
 * Keeps the dashboard live: every server message updates the cached accounts and becomes the
 * notices (and sounds) the user's settings ask for. A handshake the server refused is retried
 * with backoff (lib/socket-recovery). Returns the connection's status, a sender for the hub's
 * actions and the last Launch Account answer.
 */
export function useSnipeLive() {
  const queryClient = useQueryClient();
  const credential = useWebHubCredential();
  const configuration = useConfiguration();
  const settingsRef = useRef(defaultNotificationConfig());
  settingsRef.current = configuration.data?.notification ?? defaultNotificationConfig();
  const socketRef = useRef<Socket | null>(null);
  const recoveryRef = useRef<ConnectionRecovery | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const launch = useLaunchedWebApp();
  const showLaunch = launch.show;

  useEffect(() => {
    if (!credential) return;
    const socket = connectSnipeSocket(credential);
    socketRef.current = socket;
    const recovery = recoverRefusedConnections(socket, { onStatus: setStatus });
    recoveryRef.current = recovery;
    socket.on('message', (payload: unknown) => {
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
      if (message.action === 'webapp-launched') showLaunch(message.data);
    });
    socket.on('error', (payload: unknown) => {
      const parsed = snipeErrorEventSchema.safeParse(payload);
      notify.error(parsed.success ? parsed.data.description : 'Something went wrong, please try again later');
    });
    return () => {
      // Unmount or sign-out: no retry may outlive the dashboard.
      recovery.stop();
      recoveryRef.current = null;
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      setStatus('connecting');
    };
  }, [credential, queryClient, showLaunch]);

  return {
    status,
    isConnected: status === 'live',
    reconnectNow: () => recoveryRef.current?.reconnectNow(),
    send: (action: SnipeAction, data: unknown) => sendSnipeAction(socketRef.current, action, data),
    /** Launch Account's answer, shown in the Launch Webapp modal until closed. */
    launched: launch.launched,
    closeLaunched: launch.close,
  };
}

export type SnipeLive = ReturnType<typeof useSnipeLive>;
