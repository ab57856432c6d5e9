import { env } from '../config/env';
import { ERROR_STATUS_MAX, ERROR_STATUS_MIN } from '../config/limits';

/** A failed API call; `message` is the server's own text (spec §7), `code` its machine-readable id when given. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

/** Statuses whose body message is shown as is (spec §7 and §9: "400 to 500"). */
const isHandledErrorStatus = (status: number) => status >= ERROR_STATUS_MIN && status <= ERROR_STATUS_MAX;

export function apiUrl(service: string, path = '', query?: RequestOptions['query']): string {
  const trimmedPath = path && !path.startsWith('/') ? `/${path}` : path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${env.apiUrl}/${service}${trimmedPath}${queryString ? `?${queryString}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/**
 * Calls `<api>/<service><path>` with JSON, the session cookie and no caching, and returns the
 * body's `data`. Any 400–500 answer throws an ApiError carrying the body's `message`.
 */
export async function apiRequest<T>(service: string, path = '', options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const response = await fetch(apiUrl(service, path, query), {
    method,
    credentials: 'include',
    cache: 'no-store',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readJson(response);
  if (isHandledErrorStatus(response.status)) {
    const message = field(payload, 'message');
    const code = field(payload, 'code');
    throw new ApiError(
      typeof message === 'string' && message ? message : `Request failed with status ${response.status}`,
      response.status,
      typeof code === 'string' ? code : undefined,
    );
  }
  if (!response.ok) throw new ApiError('Something went wrong, please try again later', response.status);
  return field(payload, 'data') as T;
}

export const api = {
  get: <T>(service: string, path = '', query?: RequestOptions['query']) =>
    apiRequest<T>(service, path, { query }),
  post: <T>(service: string, path = '', body?: unknown) =>
    apiRequest<T>(service, path, { method: 'POST', body }),
  put: <T>(service: string, path = '', body?: unknown) =>
    apiRequest<T>(service, path, { method: 'PUT', body }),
  delete: <T>(service: string, path = '') => apiRequest<T>(service, path, { method: 'DELETE' }),
};
