import { NetworkError } from './errors.js';

/** What the client has sent since the last reset; the engine's thresholds read this. */
export interface RequestStats {
  /** Every HTTP request sent (sign-in, session and game calls). */
  requests: number;
  /** Transfer-market searches among them. */
  searches: number;
}

export interface RequestSentEvent {
  method: string;
  /** URL path only: queries can carry tokens and are never exposed. */
  path: string;
  /** `now()` when the request left. */
  at: number;
}

export interface ResponseReceivedEvent extends RequestSentEvent {
  status: number;
}

/** Timing hooks (e.g. for the snipe reaction-time benchmark). A throwing hook never breaks a call. */
export interface TransportObserver {
  onRequestSent?(event: RequestSentEvent): void;
  /** Fired once the last byte of the answer's body has arrived. */
  onResponseReceived?(event: ResponseReceivedEvent): void;
}

export interface TransportRequest {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /** Counts as a transfer-market search. */
  isSearch?: boolean;
}

export interface TransportResponse {
  status: number;
  headers: Headers;
  text: string;
  url: URL;
}

export interface TransportOptions {
  timeoutMs: number;
  observer?: TransportObserver;
  /** Monotonic milliseconds for the observer; defaults to `performance.now`. */
  now?: () => number;
  /** Replaceable for tests; defaults to Node's global fetch (undici, keep-alive). */
  fetch?: typeof fetch;
}

function safely(hook: (() => void) | undefined): void {
  try {
    hook?.();
  } catch {
    // Observers are diagnostics; they must not change the outcome of a game call.
  }
}

/** The one place that sends HTTP: counts requests, times them and turns transport failures into NetworkError. */
export class Transport {
  private counts: RequestStats = { requests: 0, searches: 0 };
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: TransportOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? (() => performance.now());
  }

  get stats(): RequestStats {
    return { ...this.counts };
  }

  resetStats(): void {
    this.counts = { requests: 0, searches: 0 };
  }

  async send(request: TransportRequest): Promise<TransportResponse> {
    const { method, url } = request;
    const path = url.pathname;
    this.counts.requests += 1;
    if (request.isSearch === true) this.counts.searches += 1;
    const observer = this.options.observer;
    safely(() => observer?.onRequestSent?.({ method, path, at: this.now() }));
    try {
      const response = await this.fetchImpl(url, {
        method,
        headers: request.headers ?? {},
        ...(request.body === undefined ? {} : { body: request.body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      const status = response.status;
      safely(() => observer?.onResponseReceived?.({ method, path, status, at: this.now() }));
      return { status, headers: response.headers, text, url };
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new NetworkError({
        code: 0,
        reason: timedOut ? 'Request timed out' : 'Connection failed',
        request: `${method} ${path}`,
        cause,
      });
    }
  }
}
