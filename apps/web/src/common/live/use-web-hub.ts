import { useEffect, useRef, useState } from 'react';
import type { LiveStatus } from '../../lib/socket-recovery';
import { useWebHubCredential } from '../../lib/web-hub-socket';
import type { WebHubPath } from './hub-paths';
import { attachWebHub, type WebHubHandle, type WebHubListener } from './web-hub';

/**
 * Every live view's connection to a web hub (`path` null: not yet, e.g. before the user's tier is
 * known; signed out: none). Views on one path share one socket; it reconnects after a drop and
 * calls `onResync` so the view reads again what it shows. The listener may change on every render:
 * the latest one is called.
 */
export function useWebHub(path: WebHubPath | null, listener: WebHubListener) {
  const credential = useWebHubCredential();
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  const handleRef = useRef<WebHubHandle | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!credential || !path) return;
    const handle = attachWebHub(path, credential, {
      onMessage: (payload) => listenerRef.current.onMessage?.(payload),
      onError: (payload) => listenerRef.current.onError?.(payload),
      onResync: () => listenerRef.current.onResync?.(),
      onStatus: setStatus,
    });
    handleRef.current = handle;
    setStatus(handle.status());
    return () => {
      handle.detach();
      handleRef.current = null;
      setStatus('connecting');
    };
  }, [path, credential]);

  return {
    status,
    isConnected: status === 'live',
    reconnectNow: () => handleRef.current?.reconnectNow(),
    /** Sends only on a live connection: an action never fires later, unannounced. */
    send: (action: string, data: unknown): boolean => handleRef.current?.send(action, data) ?? false,
  };
}

export type WebHub = ReturnType<typeof useWebHub>;
