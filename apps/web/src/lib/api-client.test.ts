import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/render';
import { ApiError, api } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('calls <api>/<service><path> with JSON, cookies and no caching, and returns data', async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/auth/token': { status: 200, body: { data: { ok: 1 } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    await expect(api.post('auth', '/token', { username: 'demo' })).resolves.toEqual({ ok: 1 });
    const [call] = calls;
    expect(call).toMatchObject({ method: 'POST', url: '/api/auth/token', body: { username: 'demo' } });
    expect(call!.init).toMatchObject({ credentials: 'include', cache: 'no-store' });
    expect(new Headers(call!.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds query parameters', async () => {
    const { fetchStub, calls } = fakeFetch({ 'GET /api/user': { status: 200, body: { data: {} } } });
    vi.stubGlobal('fetch', fetchStub);
    await api.get('user', '', { configuration: true, filters: true });
    expect(calls[0]!.url).toBe('/api/user?configuration=true&filters=true');
  });

  it.each([400, 401, 409, 500])('turns status %i into an error carrying the body message', async (status) => {
    const { fetchStub } = fakeFetch({
      'POST /api/auth/token': {
        status,
        body: { message: 'This account is signed in on another device', code: 'x' },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const failure = api.post('auth', '/token', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      message: 'This account is signed in on another device',
      status,
      code: 'x',
    });
  });

  it('still fails clearly when an error answer has no message', async () => {
    const { fetchStub } = fakeFetch({ 'GET /api/app/version': { status: 404 } });
    vi.stubGlobal('fetch', fetchStub);
    await expect(api.get('app', '/version')).rejects.toThrow('Request failed with status 404');
  });

  it('reports failures above 500 with a generic message', async () => {
    const { fetchStub } = fakeFetch({
      'GET /api/app/version': { status: 503, body: { message: 'upstream' } },
    });
    vi.stubGlobal('fetch', fetchStub);
    await expect(api.get('app', '/version')).rejects.toThrow('Something went wrong, please try again later');
  });
});
