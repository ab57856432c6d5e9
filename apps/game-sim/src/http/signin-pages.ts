import { escapeHtml, htmlPage } from '../web/html.js';

/** Texts the real sign-in pages show; clients scan the HTML for them. */
export const SIGN_IN_TEXT = {
  wrongCredentials:
    'Your credentials are incorrect or have expired. Please try again or reset your password.',
  wrongCode: 'The security code you entered is invalid or has expired. Please try again.',
  verifyIdentity: 'Verify your identity',
} as const;

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const [host = '', ...rest] = domain.split('.');
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***.${rest.join('.') || 'com'}`;
}

export function credentialsPage(action: string, error?: string, email = ''): string {
  return htmlPage(
    'Sign in',
    `<h1>Sign in with your EA Account</h1>
${error ? `<p id="error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form id="login-form" method="post" action="${escapeHtml(action)}">
<label>Email <input id="email" name="email" type="email" aria-label="Email" value="${escapeHtml(email)}" required></label><br>
<label>Password <input id="password" name="password" type="password" aria-label="Password" required></label><br>
<input type="hidden" name="loginMethod" value="emailPassword"><input type="hidden" name="_eventId" value="submit">
<button id="logInBtn" type="submit" aria-label="Sign in">Sign in</button>
</form>`,
  );
}

export function codeTypePage(action: string, email: string): string {
  return htmlPage(
    SIGN_IN_TEXT.verifyIdentity,
    `<h1>${SIGN_IN_TEXT.verifyIdentity}</h1>
<p id="masked-destination">We'll send a verification code to ${escapeHtml(maskEmail(email))}.</p>
<form id="code-type-form" method="post" action="${escapeHtml(action)}">
<label><input type="radio" name="codeType" value="APP" checked aria-label="Authenticator app"> Authenticator app (or backup code)</label>
<label><input type="radio" name="codeType" value="EMAIL" aria-label="Email"> Email</label>
<input type="hidden" name="_eventId" value="submit">
<button id="btnSendCode" type="submit" aria-label="Send code">Send code</button>
</form>`,
  );
}

export function codePage(action: string, error?: string): string {
  return htmlPage(
    'Enter your security code',
    `<h1>Enter your security code</h1>
${error ? `<p id="error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form id="code-form" method="post" action="${escapeHtml(action)}">
<label>Code <input id="oneTimeCode" name="oneTimeCode" aria-label="Security code" autocomplete="one-time-code" required></label>
<input type="hidden" name="_trustThisDevice" value="on"><input type="hidden" name="_eventId" value="submit">
<button id="btnSubmit" type="submit" aria-label="Sign in">Sign in</button>
</form>`,
  );
}

/** The last page: the real flow continues on the accounts host, which redirects with the token. */
export function completePage(completeUrl: string): string {
  return htmlPage(
    'Signing in',
    `<p>Signing you in… <a id="continue" href="${escapeHtml(completeUrl)}">Continue</a></p>`,
    `<meta http-equiv="refresh" content="0;url=${escapeHtml(completeUrl)}">`,
  );
}
