import { formatEuroCents } from '@tradedesk/domain';
import { SANDBOX_TEST_CARD, type SandboxSession } from './sandbox-provider.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The sandbox's hosted checkout page: the order, a test card, Pay and Cancel. Its icon is inline
 * (empty): without one the browser asked for /favicon.ico, which the server answers with 404.
 */
export function sandboxCheckoutPage(session: SandboxSession, problem?: string): string {
  const action = `/api/payment/sandbox/checkout/${encodeURIComponent(session.sessionId)}`;
  const total = formatEuroCents(session.amountCents);
  const discount = session.unitAmountCents * session.quantity - session.amountCents;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:2rem 1rem;color:#111827}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}.note{color:#6b7280;font-size:.875rem}
dl{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;margin:1rem 0}dd{margin:0;text-align:right}
label{display:block;font-size:.875rem;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{width:100%;padding:.6rem;font-size:1rem;border-radius:.5rem;border:0;margin-top:.75rem;cursor:pointer}
.pay{background:#4f46e5;color:#fff}.cancel{background:#e5e7eb}.problem{color:#b91c1c}
</style></head><body><main>
<h1>Sandbox checkout</h1>
<p class="note">Test mode: no money moves. Pay with the test card ${SANDBOX_TEST_CARD}.</p>
<dl>
<dt>${escapeHtml(session.productName)}</dt><dd>× ${session.quantity}</dd>
${discount > 0 ? `<dt>Referral discount</dt><dd>−${formatEuroCents(discount)}</dd>` : ''}
<dt><strong>Total</strong></dt><dd><strong>${total}</strong></dd>
</dl>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${action}/pay">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" value="${SANDBOX_TEST_CARD}">
<button class="pay" type="submit">Pay ${total}</button>
</form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</main></body></html>`;
}
