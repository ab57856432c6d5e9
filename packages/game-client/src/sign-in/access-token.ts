import { z } from 'zod';
import type { GameClientConfig } from '../config.js';
import {
  AccountDisabledError,
  InvalidBackupCodeError,
  InvalidCredentialsError,
  SignInFailedError,
  type GameErrorDetails,
} from '../errors.js';
import { tokenFromUrl, type AccessToken, type Landing, type SignInBrowser } from './browser.js';
import { pageProblem, parseFirstForm, scriptedRedirect, type HtmlForm } from './html-form.js';

/** What a headless sign-in needs. The backup code is one of the account's 8-character two-factor codes. */
export const credentialsSchema = z.object({
  email: z.string().trim().email('Email must be a valid email'),
  password: z.string().min(1, 'Password is required'),
  backupCode: z.string().trim().length(8, 'Backup code must be 8 characters long'),
});
export type Credentials = z.input<typeof credentialsSchema>;

type Step = 'start' | 'email' | 'password' | 'code-type' | 'code' | 'terms';

const maxPages = 12;

/** GAME-PROTOCOL §1.2 step 1: the implicit-flow URL that leads to the sign-in form. */
export function authorizeUrl(config: GameClientConfig): URL {
  const url = new URL('/connect/auth', config.accountsUrl);
  const params: Record<string, string> = {
    client_id: config.webClientId,
    response_type: 'token',
    display: 'web2/login',
    prompt: 'login',
    locale: 'en_US',
    release_type: 'prod',
    hide_create: 'true',
    scope: 'basic.identity offline signin basic.entitlement basic.persona',
    redirect_uri: config.redirectUri,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

/** Picks the two-factor method that accepts a backup code (EA lists backup codes under the app method). */
function backupCodeType(form: HtmlForm): string {
  const offered = form.choices.get('codeType') ?? [form.fields.get('codeType') ?? 'APP'];
  return (
    offered.find((value) => value.toUpperCase() === 'APP') ??
    offered.find((value) => /backup/i.test(value)) ??
    offered[0] ??
    'APP'
  );
}

function formBody(form: HtmlForm, overrides: Record<string, string>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of form.fields) body.set(name, value);
  for (const [name, value] of Object.entries(overrides)) body.set(name, value);
  return body;
}

function failure(reason: string, page: URL, status = 0): GameErrorDetails {
  return { code: status, reason, request: `GET ${page.pathname}` };
}

/** Throws the typed error for a page that answers a submission with an error banner. */
function rejectProblemPage(html: string, after: Step, page: URL): void {
  if (after === 'start') return;
  const problem = pageProblem(html);
  if (problem === 'account-disabled')
    throw new AccountDisabledError(failure('Account has been disabled', page));
  if (problem === 'invalid-credentials') {
    throw new InvalidCredentialsError(failure('Your credentials are incorrect', page));
  }
  if (problem === 'invalid-code' && after === 'code') {
    throw new InvalidBackupCodeError(failure('The backup code is invalid', page));
  }
}

/**
 * Walks EA's sign-in pages headlessly: credentials form, two-factor method, backup code, terms,
 * until the redirect fragment hands over the access token. Secrets go only into form bodies.
 */
export async function obtainAccessToken(
  browser: SignInBrowser,
  config: GameClientConfig,
  credentials: Credentials,
): Promise<AccessToken> {
  let landing: Landing = await browser.go('GET', authorizeUrl(config));
  let last: Step = 'start';
  for (let page = 0; page < maxPages; page += 1) {
    if (landing.kind === 'token') return landing.token;
    const { url, html, status } = landing;
    const inlineToken = tokenFromUrl(
      /[^\s"'<>]*#access_token=[^\s"'<>]*/.exec(html)?.[0] ?? '',
      browser.now(),
    );
    if (inlineToken !== undefined) return inlineToken;
    rejectProblemPage(html, last, url);
    const form = parseFirstForm(html);
    if (form === undefined) {
      const next = scriptedRedirect(html);
      if (next === undefined || status >= 400) {
        throw new SignInFailedError(failure(`Unexpected sign-in page (HTTP ${status})`, url, status));
      }
      landing = await browser.go('GET', new URL(next, url), undefined, url);
      continue;
    }
    const target = new URL(form.action === '' ? url.toString() : form.action, url);
    if (form.fields.has('password')) {
      // The credentials form again after submitting them means they were refused.
      if (last === 'password')
        throw new InvalidCredentialsError(failure('Your credentials are incorrect', url));
      last = 'password';
      const body = formBody(form, {
        email: credentials.email,
        password: credentials.password,
        loginMethod: 'emailPassword',
        _eventId: 'submit',
        rememberMe: 'on',
        _rememberMe: 'on',
        cid: form.fields.get('cid') ?? '',
        phoneNumber: '',
        thirdPartyCaptchaResponse: '',
        regionCode: form.fields.get('regionCode') ?? 'US',
        showAgeUp: 'true',
      });
      landing = await browser.go('POST', target, body, url);
    } else if (form.fields.has('email')) {
      // Newer sign-in pages ask for the e-mail first and the password on the next page.
      if (last === 'email') throw new InvalidCredentialsError(failure('Your credentials are incorrect', url));
      last = 'email';
      const body = formBody(form, {
        email: credentials.email,
        loginMethod: 'emailPassword',
        _eventId: 'submit',
      });
      landing = await browser.go('POST', target, body, url);
    } else if (form.fields.has('oneTimeCode')) {
      if (last === 'code') throw new InvalidBackupCodeError(failure('The backup code is invalid', url));
      last = 'code';
      const body = formBody(form, {
        oneTimeCode: credentials.backupCode,
        trustThisDevice: 'on',
        _trustThisDevice: 'on',
        _eventId: 'submit',
      });
      landing = await browser.go('POST', target, body, url);
    } else if (form.fields.has('codeType')) {
      if (last === 'code-type')
        throw new SignInFailedError(failure('Two-factor method was not accepted', url));
      last = 'code-type';
      landing = await browser.go(
        'POST',
        target,
        formBody(form, { codeType: backupCodeType(form), _eventId: 'submit' }),
        url,
      );
    } else if (form.fields.has('readAccept') || /review our (?:updated )?terms/i.test(html)) {
      if (last === 'terms') throw new SignInFailedError(failure('Terms page did not accept', url));
      last = 'terms';
      const body = formBody(form, { readAccept: 'on', _readAccept: 'on', _eventId: 'accept' });
      landing = await browser.go('POST', target, body, url);
    } else {
      throw new SignInFailedError(failure('Unrecognised sign-in form', url, status));
    }
  }
  throw new SignInFailedError({ code: 0, reason: 'Sign-in did not finish', request: 'GET /connect/auth' });
}
