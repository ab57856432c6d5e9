// HTML of the web app's views. Every control carries the data-testid and aria-label the contract
// names (docs/sandbox-web-app.md); `data-action` is what the app's click handler dispatches on.

export function esc(value) {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const coins = (value) => Number(value ?? 0).toLocaleString('en-US');

export function shell(user, route) {
  const link = (testId, hash, label) =>
    `<a href="${hash}" data-testid="${testId}" id="${testId}"${route === hash ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<nav aria-label="Main">${link('nav-home', '#/home', 'Home')} ${link('nav-market', '#/market', 'Transfer market')} ${link('nav-transfer-list', '#/transfers', 'Transfer list')} ${link('nav-targets', '#/targets', 'Transfer targets')} ${link('nav-unassigned', '#/unassigned', 'Unassigned')}</nav>
<p class="balance">Club <strong id="club-name" data-testid="club-name">${esc(user.clubName)}</strong> · Coins <strong id="coins" data-testid="coins" aria-label="Coin balance" data-coins="${user.coins}">${user.coins}</strong></p>
<button type="button" data-testid="logout" id="logout" data-action="logout" aria-label="Log out">Log out</button>`;
}

export function signedOut(message) {
  return `<h1>Ultimate Team Web App (sandbox)</h1>${message ? `<p role="alert" class="error">${esc(message)}</p>` : ''}
<p>Sign in with a game account. New e-mails are created with starting coins in sandbox mode.</p>
<a id="sign-in" data-testid="sign-in" role="button" aria-label="Sign in" href="#" data-action="sign-in">Sign in</a>`;
}

export function home(user, counts) {
  return `<h1>Home</h1><p>Welcome, ${esc(user.personaName)}.</p>
<ul><li>Transfer list: <span data-testid="home-transfer-list-count">${counts.transferList}</span></li>
<li>Transfer targets: <span data-testid="home-targets-count">${counts.targets}</span></li>
<li>Unassigned: <span data-testid="home-unassigned-count">${counts.unassigned}</span></li></ul>`;
}

const options = (rows, current, anyLabel = 'Any') =>
  `<option value="">${anyLabel}</option>` +
  rows
    .map(
      ([value, label]) =>
        `<option value="${esc(value)}"${String(current ?? '') === String(value) ? ' selected' : ''}>${esc(label)}</option>`,
    )
    .join('');

function priceInput(testId, label, value) {
  return `<label>${label}<span class="price">
<button type="button" data-testid="${testId}-decrease" data-action="price-down" data-target="${testId}" aria-label="${label} decrease">−</button>
<input data-testid="${testId}" id="${testId}" name="${testId}" aria-label="${label}" inputmode="numeric" value="${value ? esc(value) : ''}" data-price>
<button type="button" data-testid="${testId}-increase" data-action="price-up" data-target="${testId}" aria-label="${label} increase">+</button></span></label>`;
}

export function searchForm(form, config) {
  const o = config.options;
  const positions = [
    ['zone:defense', 'Defenders'],
    ['zone:midfield', 'Midfielders'],
    ['zone:attacker', 'Attackers'],
    ...o.positions.map((code) => [`pos:${code}`, code]),
  ];
  const clubs = o.clubs.filter(([, , leagueId]) => !form.league || String(leagueId) === String(form.league));
  return `<h1>Search the transfer market</h1>
<form class="search" data-testid="search-form" role="search" aria-label="Search the transfer market" novalidate>
<label class="name">Player name<input data-testid="search-name" id="search-name" aria-label="Player name" autocomplete="off" value="${esc(form.name)}" data-picked="${esc(form.maskedDefId ?? '')}">
<ul class="suggestions" data-testid="search-name-suggestions" aria-label="Player suggestions" hidden></ul>
<button type="button" data-testid="search-name-clear" data-action="clear-name" aria-label="Clear player name">Clear</button></label>
<label>Quality<select data-testid="search-quality" aria-label="Quality">${options(
    [
      ['bronze', 'Bronze'],
      ['silver', 'Silver'],
      ['gold', 'Gold'],
      ['special', 'Special'],
    ],
    form.quality,
  )}</select></label>
<label>Rarity<select data-testid="search-rarity" aria-label="Rarity">${options(o.rarities, form.rarity)}</select></label>
<label>Position<select data-testid="search-position" aria-label="Position">${options(positions, form.position)}</select></label>
<label>Chemistry style<select data-testid="search-chemistry-style" aria-label="Chemistry style">${options(o.chemistryStyles, form.chemistryStyle)}</select></label>
<label>Nationality<select data-testid="search-nation" aria-label="Nationality">${options(o.nations, form.nation)}</select></label>
<label>League<select data-testid="search-league" aria-label="League">${options(o.leagues, form.league)}</select></label>
<label>Club<select data-testid="search-club" aria-label="Club">${options(clubs, form.club)}</select></label>
${priceInput('search-min-bid', 'Bid price min', form.minBid)}${priceInput('search-max-bid', 'Bid price max', form.maxBid)}
${priceInput('search-min-buy-now', 'Buy Now price min', form.minBuyNow)}${priceInput('search-max-buy-now', 'Buy Now price max', form.maxBuyNow)}
<div><button type="button" data-testid="search-reset" data-action="reset" aria-label="Reset">Reset</button>
<button type="submit" data-testid="search-submit" id="search-submit" aria-label="Search">Search</button></div></form>`;
}

function cardName(item, names) {
  return names.get(item?.assetId) ?? `Player ${item?.assetId ?? ''}`;
}

function remaining(seconds) {
  if (seconds < 0) return 'Ended';
  if (seconds === 0) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** The state a pile row shows (and `data-state`). */
export function entryState(entry, pile) {
  if (pile === 'unassigned') return 'unassigned';
  if (pile === 'targets') {
    if (entry.tradeState === 'closed')
      return entry.bidState === 'highest' || entry.bidState === 'buyNow' ? 'won' : 'expired';
    if (entry.expires < 0 || entry.tradeState === 'expired') return 'expired';
    return entry.bidState === 'highest' ? 'highest' : entry.bidState === 'outbid' ? 'outbid' : 'active';
  }
  if (entry.tradeState === 'closed') return 'sold';
  if (entry.tradeState === 'expired' || (entry.tradeState === 'active' && entry.expires < 0))
    return 'expired';
  if (entry.tradeState === 'active') return 'active';
  return 'available';
}

function row(testId, entry, index, selected, names, pile) {
  const item = entry.itemData ?? entry;
  const trade = entry.itemData ? entry : undefined;
  const state = trade ? entryState(trade, pile) : pile === 'unassigned' ? 'unassigned' : 'available';
  return `<tr data-testid="${testId}" data-index="${index}" data-item-id="${item.id}" data-trade-id="${trade?.tradeId ?? ''}"${trade ? ` data-buy-now="${trade.buyNowPrice}" data-current-bid="${trade.currentBid}" data-starting-bid="${trade.startingBid}" data-expires="${trade.expires}"` : ''} data-state="${state}" data-asset-id="${item.assetId}" data-rating="${item.rating}" aria-selected="${selected ? 'true' : 'false'}" data-action="select" aria-label="${esc(cardName(item, names))} ${item.rating}">
<td class="name">${esc(cardName(item, names))}</td><td>${item.rating}</td><td>${esc(item.preferredPosition)}</td><td>${item.rareflag}</td>
${trade ? `<td>${coins(trade.currentBid || trade.startingBid)}</td><td class="bin">${coins(trade.buyNowPrice)}</td><td>${remaining(trade.expires)}</td>` : '<td></td><td></td><td></td>'}<td>${state}</td></tr>`;
}

const HEAD =
  '<thead><tr><th>Name</th><th>Rating</th><th>Position</th><th>Rarity</th><th>Bid</th><th>Buy Now</th><th>Time left</th><th>State</th></tr></thead>';

export function results(view, names) {
  const shown = view.rows.slice(0, 20);
  const list = shown.length
    ? `<table data-testid="results-list" aria-label="Search results"><${HEAD.slice(1)}<tbody>${shown.map((entry, index) => row('result-row', entry, index, index === view.selected, names, 'market')).join('')}</tbody></table>`
    : '<p data-testid="results-empty">No results found. Try changing the search.</p>';
  return `<h1>Search results</h1>
<p><button type="button" data-testid="results-back" data-action="back" aria-label="Back to search">Back</button>
<button type="button" data-testid="results-previous" data-action="previous" aria-label="Previous page"${view.page > 0 ? '' : ' disabled'}>Previous</button>
<span>Page ${view.page + 1}</span>
<button type="button" data-testid="results-next" data-action="next" aria-label="Next page"${view.rows.length > 20 ? '' : ' disabled'}>Next</button></p>
<div class="layout"><div>${list}</div><div id="detail-slot"></div></div>`;
}

export function pile(name, title, entries, selected, names, tools) {
  const list = entries.length
    ? `<table data-testid="pile-list" data-pile="${name}" aria-label="${esc(title)}">${HEAD}<tbody>${entries.map((entry, index) => row('pile-row', entry, index, index === selected, names, name)).join('')}</tbody></table>`
    : `<p data-testid="pile-empty">Nothing here.</p><div data-testid="pile-list" data-pile="${name}" hidden></div>`;
  return `<h1>${esc(title)}</h1><p>${tools}</p><div class="layout"><div>${list}</div><div id="detail-slot"></div></div>`;
}

const DURATIONS = [
  [3600, '1 hour'],
  [10800, '3 hours'],
  [21600, '6 hours'],
  [43200, '12 hours'],
  [86400, '24 hours'],
  [259200, '3 days'],
];

function listForm(start, buyNow) {
  return `<fieldset><legend>List on the transfer market</legend>
<label>Start price<span class="price"><button type="button" data-action="price-down" data-target="list-start-price" aria-label="Start price decrease">−</button><input data-testid="list-start-price" id="list-start-price" aria-label="Start price" inputmode="numeric" value="${start}" data-price data-floor><button type="button" data-action="price-up" data-target="list-start-price" aria-label="Start price increase">+</button></span></label>
<label>Buy Now price<span class="price"><button type="button" data-action="price-down" data-target="list-buy-now-price" aria-label="Buy Now price decrease">−</button><input data-testid="list-buy-now-price" id="list-buy-now-price" aria-label="Buy Now price" inputmode="numeric" value="${buyNow}" data-price data-floor><button type="button" data-action="price-up" data-target="list-buy-now-price" aria-label="Buy Now price increase">+</button></span></label>
<label>Duration<select data-testid="list-duration" aria-label="Duration">${DURATIONS.map(([value, label]) => `<option value="${value}">${label}</option>`).join('')}</select></label>
<button type="button" data-testid="list-submit" data-action="list" aria-label="List for transfer">List for transfer</button></fieldset>`;
}

const button = (testId, action, label) =>
  `<button type="button" data-testid="${testId}" data-action="${action}" aria-label="${label}">${label}</button>`;

/** The detail panel of the selected entry; `actions` lists the ones that apply. */
export function detail(entry, names, actions, prices) {
  const item = entry.itemData ?? entry;
  const trade = entry.itemData ? entry : undefined;
  const has = (name) => actions.includes(name);
  return `<section data-testid="item-detail" id="item-detail" aria-label="Item detail" data-item-id="${item.id}" data-trade-id="${trade?.tradeId ?? ''}" data-asset-id="${item.assetId}">
<h2>${esc(cardName(item, names))} <small>${item.rating} ${esc(item.preferredPosition)}</small></h2>
<p>Quick sell value <strong data-testid="discard-value">${coins(item.discardValue)}</strong>${trade && trade.buyNowPrice ? ` · Buy Now <strong>${coins(trade.buyNowPrice)}</strong>` : ''}${trade && trade.tradeId ? ` · Current bid <strong>${coins(trade.currentBid)}</strong>` : ''}</p>
${has('buy') ? button('buy-now', 'buy', `Buy Now for ${coins(trade.buyNowPrice)}`) : ''}
${has('bid') ? `<fieldset><legend>Bid</legend><span class="price"><button type="button" data-action="price-down" data-target="bid-amount" aria-label="Bid decrease">−</button><input data-testid="bid-amount" id="bid-amount" aria-label="Bid amount" inputmode="numeric" value="${prices.bid}" data-price data-floor><button type="button" data-action="price-up" data-target="bid-amount" aria-label="Bid increase">+</button></span>${button('bid-submit', 'bid', 'Make bid')}</fieldset>` : ''}
${has('watch') ? button('watch', 'watch', 'Watch') : ''}${has('unwatch') ? button('unwatch', 'unwatch', 'Unwatch') : ''}
${has('list') ? listForm(prices.start, prices.buyNow) : ''}
${has('send-to-transfer-list') ? button('send-to-transfer-list', 'send-to-transfer-list', 'Send to transfer list') : ''}
${has('send-to-club') ? button('send-to-club', 'send-to-club', 'Send to my club') : ''}
${has('quick-sell') ? button('quick-sell', 'quick-sell', `Quick sell for ${coins(item.discardValue)}`) : ''}
${has('remove') ? button('remove-entry', 'remove', 'Remove from transfer list') : ''}</section>`;
}

export function captcha() {
  return `<section class="blocking" data-testid="captcha-view"><h1 id="captcha-title">Verification required</h1>
<p>Unusual activity was detected on this account. Confirm you are human to continue.</p>
<button type="button" id="solve-captcha" data-testid="solve-captcha" data-action="solve-captcha" aria-label="Solve captcha">I am human — solve</button></section>`;
}

export function softBan(code) {
  return `<section class="blocking" data-testid="soft-ban-view"><h1>Request rejected</h1>
<p>The game rejected this request (<span data-testid="soft-ban-code">${code}</span>). The transfer market is temporarily unavailable for this account; try again later.</p>
<a href="#/home" data-testid="soft-ban-back" aria-label="Back to home">Back to home</a></section>`;
}

export function marketLocked() {
  return `<section class="blocking" data-testid="market-locked-view"><h1>Transfer market locked</h1>
<p id="market-locked" role="alert">The transfer market is locked for this account.</p></section>`;
}
