import type { Account, Trade } from '../world/types.js';
import type { World } from '../world/world.js';
import { escapeHtml, htmlPage } from './html.js';

export const WEB = '/web-app';

function nav(account: Account): string {
  return `<header><nav aria-label="Main">
<a href="${WEB}/" id="nav-home">Home</a><a href="${WEB}/market" id="nav-market">Transfer market</a>
<a href="${WEB}/transfers" id="nav-transfers">Transfer list</a><a href="${WEB}/unassigned" id="nav-unassigned">Unassigned</a>
</nav>
<p>Club <strong id="club-name">${escapeHtml(account.clubName)}</strong> · Coins <strong id="coins" aria-label="Coin balance">${account.coins}</strong></p>
<form method="post" action="${WEB}/logout"><button type="submit" id="logout" aria-label="Log out">Log out</button></form></header>`;
}

export function shell(account: Account, title: string, body: string, message?: string): string {
  const notice = message ? `<p id="message" role="status">${escapeHtml(message)}</p>` : '';
  return htmlPage(
    `${title} · Sandbox Web App`,
    `${nav(account)}<main><h1>${escapeHtml(title)}</h1>${notice}${body}</main>`,
  );
}

export function signInView(signInUrl: string): string {
  return htmlPage(
    'Sandbox Web App',
    `<main><h1>Ultimate Team Web App (sandbox)</h1><p>Sign in with a game account. New e-mails are created with starting coins in sandbox mode.</p>
<a id="sign-in" role="button" aria-label="Sign in" href="${escapeHtml(signInUrl)}">Sign in</a></main>`,
  );
}

export function authLandingView(): string {
  // The token arrives in the fragment, which browsers never send to a server.
  return htmlPage(
    'Signing in',
    `<p id="signing-in">Signing in…</p><script>
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get('access_token');
location.replace(token ? '${WEB}/session?access_token=' + encodeURIComponent(token) : '${WEB}/');
</script>`,
  );
}

export function captchaView(): string {
  return htmlPage(
    'Verification required',
    `<main><h1 id="captcha-title">Verification required</h1><p>Unusual activity was detected on this account. Confirm you are human to continue.</p>
<form method="post" action="${WEB}/captcha/solve"><button type="submit" id="solve-captcha" aria-label="Solve captcha">I am human — solve</button></form></main>`,
  );
}

function cardCells(world: World, cardIndex: number): string {
  const card = world.card(cardIndex);
  return `<td class="name">${escapeHtml(card.name)}</td><td>${card.rating}</td><td>${escapeHtml(card.position)}</td><td>${card.rarityId}</td>`;
}

export function tradeRows(world: World, trades: readonly Trade[], now: number, buyable: boolean): string {
  if (trades.length === 0) return '<p id="no-results">No results.</p>';
  const rows = trades
    .map((trade) => {
      const remaining =
        trade.state === 'active'
          ? `${Math.max(0, Math.ceil((trade.expiresAt - now) / 1000))} s`
          : trade.state;
      const action = buyable
        ? `<td><form method="post" action="${WEB}/market/buy"><input type="hidden" name="tradeId" value="${trade.tradeId}">
<button type="submit" aria-label="Buy Now ${trade.tradeId}" data-trade-id="${trade.tradeId}">Buy Now</button></form></td>`
        : '';
      return `<tr data-trade-id="${trade.tradeId}">${cardCells(world, trade.cardIndex)}<td>${trade.startingBid}</td><td class="bin">${trade.buyNowPrice}</td><td>${remaining}</td>${action}</tr>`;
    })
    .join('');
  return `<table aria-label="Listings"><thead><tr><th>Name</th><th>Rating</th><th>Position</th><th>Rarity</th><th>Start</th><th>Buy Now</th><th>Time left</th>${buyable ? '<th></th>' : ''}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function itemRows(world: World, itemIds: readonly number[], label: string): string {
  const items = itemIds.map((id) => world.items.get(id)).flatMap((item) => (item ? [item] : []));
  if (items.length === 0) return '<p id="empty">Nothing here.</p>';
  const rows = items
    .map(
      (item) =>
        `<tr data-item-id="${item.id}">${cardCells(world, item.cardIndex)}<td>${item.place}</td></tr>`,
    )
    .join('');
  return `<table aria-label="${escapeHtml(label)}"><thead><tr><th>Name</th><th>Rating</th><th>Position</th><th>Rarity</th><th>State</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export interface MarketForm {
  name?: string;
  rarity?: string;
  quality?: string;
  maxBuyNow?: string;
}

export function marketForm(form: MarketForm): string {
  const option = (value: string, label: string, current?: string) =>
    `<option value="${value}"${current === value ? ' selected' : ''}>${label}</option>`;
  return `<form id="search-form" method="get" action="${WEB}/market" role="search">
<label>Name <input id="search-name" name="name" aria-label="Player name" value="${escapeHtml(form.name ?? '')}"></label>
<label>Rarity <input id="search-rarity" name="rarity" aria-label="Rarity id" inputmode="numeric" value="${escapeHtml(form.rarity ?? '')}"></label>
<label>Quality <select id="search-quality" name="quality" aria-label="Quality">${option('', 'Any', form.quality)}${option('bronze', 'Bronze', form.quality)}${option('silver', 'Silver', form.quality)}${option('gold', 'Gold', form.quality)}${option('special', 'Special', form.quality)}</select></label>
<label>Max Buy Now <input id="search-max-bin" name="maxBuyNow" aria-label="Max Buy Now" inputmode="numeric" value="${escapeHtml(form.maxBuyNow ?? '')}"></label>
<button type="submit" id="search-submit" aria-label="Search">Search</button></form>`;
}
