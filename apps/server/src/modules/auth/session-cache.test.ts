import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from './repo.js';
import { createSessionCache, sessionCacheTtlMs } from './session-cache.js';

const user = (id: string) => ({ id }) as UserRow;
const session = (userId: string, expiresAt = new Date(10_000_000)) => ({ userId, expiresAt }) as SessionRow;

describe('session cache', () => {
  it('answers a verified session until its TTL, then asks the database again', () => {
    let now = 1_000;
    const cache = createSessionCache(() => now);
    cache.set('hash-a', session('u1'), user('u1'), cache.generation());
    expect(cache.get('hash-a')?.user.id).toBe('u1');
    now += sessionCacheTtlMs + 1;
    expect(cache.get('hash-a')).toBeUndefined();
  });

  it('never answers a session past its expiry', () => {
    let now = 1_000;
    const cache = createSessionCache(() => now);
    cache.set('hash-a', session('u1', new Date(1_500)), user('u1'), cache.generation());
    now = 1_500;
    expect(cache.get('hash-a')).toBeUndefined();
  });

  it("forgets every session of a user at once, and only that user's", () => {
    const cache = createSessionCache(() => 1_000);
    cache.set('hash-a', session('u1'), user('u1'), cache.generation());
    cache.set('hash-b', session('u1'), user('u1'), cache.generation());
    cache.set('hash-c', session('u2'), user('u2'), cache.generation());
    cache.forgetUser('u1');
    expect(cache.get('hash-a')).toBeUndefined();
    expect(cache.get('hash-b')).toBeUndefined();
    expect(cache.get('hash-c')?.user.id).toBe('u2');
  });

  it('does not keep a row read before the user changed (a lookup racing a write)', () => {
    const cache = createSessionCache(() => 1_000);
    const readAt = cache.generation();
    cache.forgetUser('u1'); // the user's row changed while the lookup was in flight
    cache.set('hash-a', session('u1'), user('u1'), readAt);
    expect(cache.get('hash-a')).toBeUndefined();
    cache.set('hash-a', session('u1'), user('u1'), cache.generation());
    expect(cache.get('hash-a')?.user.id).toBe('u1');
  });
});
