import type { IncomingMessage } from 'node:http';

/**
 * Socket.IO's `allowRequest` for every hub: a browser's handshake must come from the site itself
 * or from a configured origin (ALLOWED_ORIGINS), so another site cannot drive a signed-in user's
 * socket with their cookie. Requests without an Origin (agents, same-origin polling) pass: only
 * browsers send one, and they always do on cross-site requests.
 */
export function originCheck(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => origin.toLowerCase()));
  return (
    request: IncomingMessage,
    callback: (error: string | null | undefined, success: boolean) => void,
  ) => {
    const origin = request.headers.origin;
    if (origin === undefined) return callback(null, true);
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return callback('Origin not allowed', false);
    }
    const sameSite = host !== '' && host === request.headers.host;
    const ok = sameSite || allowed.has(origin.toLowerCase());
    callback(ok ? null : 'Origin not allowed', ok);
  };
}
