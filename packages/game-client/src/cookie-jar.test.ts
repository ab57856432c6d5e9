import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar.js';

const headersWith = (...cookies: string[]) => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return headers;
};

describe('sign-in cookie jar', () => {
  it('sends cookies back to the host and path that set them', () => {
    const jar = new CookieJar();
    jar.store(
      new URL('https://signin.example.com/p/login'),
      headersWith('sid=abc; Path=/p; HttpOnly', 'x=1'),
    );

    expect(jar.headerFor(new URL('https://signin.example.com/p/juno'))).toBe('sid=abc; x=1');
    expect(jar.headerFor(new URL('https://signin.example.com/other'))).toBe('x=1');
    expect(jar.headerFor(new URL('https://gateway.example.com/p/juno'))).toBeUndefined();
  });

  it('shares a Domain cookie with sibling hosts and forgets expired cookies', () => {
    const jar = new CookieJar();
    jar.store(new URL('https://accounts.example.com/'), headersWith('remid=r1; Domain=.example.com; Path=/'));
    expect(jar.headerFor(new URL('https://signin.example.com/'))).toBe('remid=r1');

    jar.store(
      new URL('https://accounts.example.com/'),
      headersWith('remid=; Domain=example.com; Path=/; Max-Age=0'),
    );
    expect(jar.headerFor(new URL('https://signin.example.com/'))).toBeUndefined();
  });
});
