import { describe, expect, it } from 'vitest';
import { pageProblem, parseFirstForm, scriptedRedirect } from './html-form.js';

describe('sign-in page reading', () => {
  it('reads the form action, hidden fields, radio choices and select options', () => {
    const form = parseFirstForm(`<form method="post" action="/p/juno/login?execution=e1&amp;x=1">
      <input type="hidden" name="execution" value="e1s1">
      <input type="radio" name="codeType" value="EMAIL"><input type="radio" name="codeType" value="APP" checked>
      <select name="regionCode"><option value="GB">UK</option><option value="US">US</option></select>
    </form>`);

    expect(form?.action).toBe('/p/juno/login?execution=e1&x=1');
    expect(form?.fields.get('execution')).toBe('e1s1');
    expect(form?.fields.get('codeType')).toBe('APP');
    expect(form?.choices.get('codeType')).toEqual(['EMAIL', 'APP']);
    expect(form?.choices.get('regionCode')).toEqual(['GB', 'US']);
  });

  it('finds the next page of a meta refresh or a script redirect', () => {
    expect(scriptedRedirect('<meta http-equiv="refresh" content="0;url=/connect/auth?fid=1&amp;a=b">')).toBe(
      '/connect/auth?fid=1&a=b',
    );
    expect(scriptedRedirect('<script>window.location = "https://accounts.example/next";</script>')).toBe(
      'https://accounts.example/next',
    );
    expect(scriptedRedirect('<p>nothing</p>')).toBeUndefined();
  });

  it('recognises the error banners of the sign-in pages', () => {
    expect(pageProblem('<p>Your credentials are incorrect or have expired.</p>')).toBe('invalid-credentials');
    expect(pageProblem('<p>The security code you entered is invalid or has expired.</p>')).toBe(
      'invalid-code',
    );
    expect(pageProblem('<p>Your account has been disabled.</p>')).toBe('account-disabled');
    expect(pageProblem('<h1>Verify your identity</h1>')).toBeUndefined();
  });
});
