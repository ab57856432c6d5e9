/* eslint-disable max-lines -- the sandbox page script: router, state and actions share the page's module state (state, main, dialog, timers); not split by job yet (issue 27) */
// The sandbox web app: router, state and actions. Views are in views.js, game calls in
// services.js. Exposes window.webApp / window.services / window.repositories (page-api.ts).
import { nextPrice, previousPrice, snapPrice, configurePrices } from './prices.js';
import {
  adoptSession,
  configure,
  hooks,
  repositories,
  services,
  sessionId,
  signInWithToken,
  signOut,
  solveCaptcha,
} from './services.js';
import * as views from './views.js';

const config = JSON.parse(document.getElementById('web-app-config').textContent);
configure(config);
configurePrices(config.prices);

const main = document.getElementById('view');
const header = document.getElementById('shell');
const toastEl = document.querySelector('[data-testid=toast]');
const dialog = document.querySelector('[data-testid=dialog]');
const FORM_KEY = 'webapp.search';

const names = new Map();
const namesReady = fetch('/web-app/js/players.json')
  .then((response) => response.json())
  .then((rows) => rows.forEach(([baseId, name]) => names.set(baseId, name)))
  .catch(() => undefined);

const state = {
  view: { name: 'loading' },
  form: JSON.parse(sessionStorage.getItem(FORM_KEY) ?? '{}'),
  market: { rows: [], page: 0, selected: -1 },
  pile: { name: '', entries: [], selected: -1 },
  blocked: undefined,
  signInMessage: '',
};

function setView(view) {
  state.view = view;
  main.dataset.view = view.name;
  document.dispatchEvent(new CustomEvent('webapp:view', { detail: view }));
}

let toastTimer;
function toast(text, kind = 'success', code) {
  toastEl.textContent = text;
  toastEl.dataset.kind = kind;
  if (code) toastEl.dataset.code = String(code);
  else delete toastEl.dataset.code;
  clearTimeout(toastTimer);
  toastEl.dataset.seq = String(Number(toastEl.dataset.seq ?? 0) + 1);
  toastTimer = setTimeout(() => (toastEl.textContent = ''), 8000);
}

function failure(action, answer) {
  if (answer.status === 458 || answer.status === 512 || answer.status === 521 || answer.status === 494)
    return;
  toast(`${action} failed: ${answer.error?.reason ?? 'error'} (${answer.status})`, 'error', answer.status);
}

function confirmAction(text) {
  return new Promise((resolve) => {
    document.getElementById('dialog-text').textContent = text;
    const done = (value) => {
      dialog.close();
      confirmButton.removeEventListener('click', yes);
      cancelButton.removeEventListener('click', no);
      resolve(value);
    };
    const confirmButton = dialog.querySelector('[data-testid=dialog-confirm]');
    const cancelButton = dialog.querySelector('[data-testid=dialog-cancel]');
    const yes = () => done(true);
    const no = () => done(false);
    confirmButton.addEventListener('click', yes);
    cancelButton.addEventListener('click', no);
    dialog.showModal();
  });
}

function renderShell() {
  if (!repositories.User.signedIn) {
    header.hidden = true;
    header.innerHTML = '';
    return;
  }
  header.hidden = false;
  header.innerHTML = views.shell(repositories.User, location.hash.split('?')[0] || '#/home');
}

hooks.onCoins = (coins) => {
  const balance = document.getElementById('coins');
  if (balance) {
    balance.textContent = String(coins);
    balance.dataset.coins = String(coins);
  }
  document.dispatchEvent(new CustomEvent('webapp:coins', { detail: { coins } }));
};

hooks.onBlocked = (status) => {
  if (status === 401) {
    state.signInMessage = 'Your session has expired. Sign in again.';
    renderSignedOut();
    return;
  }
  state.blocked = status;
  const target = status === 458 ? '#/captcha' : status === 494 ? '' : '#/soft-ban';
  if (status === 494) renderBlocked();
  else if (location.hash !== target) location.hash = target;
  else renderBlocked();
};

function renderBlocked() {
  renderShell();
  const status = state.blocked;
  if (status === 458) {
    main.innerHTML = views.captcha();
    setView({ name: 'captcha', code: 458 });
  } else if (status === 494) {
    main.innerHTML = views.marketLocked();
    setView({ name: 'market-locked', code: 494 });
  } else {
    main.innerHTML = views.softBan(status ?? 512);
    setView({ name: 'soft-ban', code: status ?? 512 });
  }
}

function renderSignedOut() {
  renderShell();
  main.innerHTML = views.signedOut(state.signInMessage);
  setView({ name: 'signed-out' });
}

// ---------- views ----------

async function showHome() {
  const [transfer, targets, unassigned] = await Promise.all([
    services.Store.transferList(),
    services.Store.targets(),
    services.Item.unassigned(),
  ]);
  if (!transfer.success || !targets.success || !unassigned.success) return;
  renderShell();
  main.innerHTML = views.home(repositories.User, {
    transferList: transfer.data.auctionInfo.length,
    targets: targets.data.auctionInfo.length,
    unassigned: unassigned.data.itemData.length,
  });
  setView({ name: 'home' });
}

function showSearch() {
  renderShell();
  main.innerHTML = views.searchForm(state.form, config);
  setView({ name: 'market-search' });
}

function readForm() {
  const value = (testId) => main.querySelector(`[data-testid=${testId}]`)?.value ?? '';
  const name = main.querySelector('[data-testid=search-name]');
  state.form = {
    name: name.value.trim(),
    maskedDefId: name.dataset.picked || undefined,
    quality: value('search-quality'),
    rarity: value('search-rarity'),
    position: value('search-position'),
    chemistryStyle: value('search-chemistry-style'),
    nation: value('search-nation'),
    league: value('search-league'),
    club: value('search-club'),
    minBid: value('search-min-bid'),
    maxBid: value('search-max-bid'),
    minBuyNow: value('search-min-buy-now'),
    maxBuyNow: value('search-max-buy-now'),
  };
  sessionStorage.setItem(FORM_KEY, JSON.stringify(state.form));
}

function suggestionsFor(text) {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const found = [];
  for (const [baseId, name] of names) {
    if (name.toLowerCase().includes(needle)) found.push([baseId, name]);
    if (found.length >= 8) break;
  }
  return found;
}

/** The form's criteria in the protocol's names (a typed name without a pick takes the first match). */
function criteriaOf(form) {
  const number = (text) => (text ? Number(text) || undefined : undefined);
  const criteria = {};
  let picked = form.maskedDefId;
  if (!picked && form.name) picked = suggestionsFor(form.name)[0]?.[0];
  if (picked) criteria.maskedDefId = Number(picked);
  if (form.quality === 'special') criteria.rare = 'SP';
  else if (form.quality) criteria.lev = form.quality;
  if (form.rarity) criteria.rarityIds = Number(form.rarity);
  if (form.position?.startsWith('zone:')) criteria.zone = form.position.slice(5);
  if (form.position?.startsWith('pos:')) criteria.pos = form.position.slice(4);
  criteria.playStyle = number(form.chemistryStyle);
  criteria.nat = number(form.nation);
  criteria.leag = number(form.league);
  criteria.team = number(form.club);
  criteria.micr = number(form.minBid);
  criteria.macr = number(form.maxBid);
  criteria.minb = number(form.minBuyNow);
  criteria.maxb = number(form.maxBuyNow);
  return criteria;
}

async function runSearch(page) {
  const answer = await services.Market.search(criteriaOf(state.form), page);
  if (!answer.success) {
    failure('Search', answer);
    return;
  }
  state.market = { rows: answer.data.auctionInfo, page, selected: -1 };
  if (location.hash !== '#/market/results') location.hash = '#/market/results';
  else showResults();
}

function showResults() {
  renderShell();
  main.innerHTML = views.results(state.market, names);
  renderDetail();
  setView(viewInfo('market-results'));
}

function viewInfo(name) {
  const list = name === 'market-results' ? state.market.rows : state.pile.entries;
  const index = name === 'market-results' ? state.market.selected : state.pile.selected;
  const entry = list[index];
  const item = entry?.itemData ?? entry;
  const view = { name };
  if (name === 'market-results') view.page = state.market.page;
  if (entry)
    view.selected = {
      itemId: item.id,
      ...(entry.itemData && entry.tradeId ? { tradeId: entry.tradeId } : {}),
    };
  return view;
}

const PILES = {
  'transfer-list': { title: 'Transfer list', load: () => services.Store.transferList(), key: 'auctionInfo' },
  targets: { title: 'Transfer targets', load: () => services.Store.targets(), key: 'auctionInfo' },
  unassigned: { title: 'Unassigned', load: () => services.Item.unassigned(), key: 'itemData' },
};
const SECTION_ORDER = { sold: 0, expired: 1, available: 2, active: 3 };

async function showPile(name, keepSelection = false) {
  const answer = await PILES[name].load();
  if (!answer.success) return;
  let entries = answer.data[PILES[name].key];
  if (name === 'transfer-list')
    entries = [...entries].sort(
      (a, b) => SECTION_ORDER[views.entryState(a, name)] - SECTION_ORDER[views.entryState(b, name)],
    );
  const selected =
    keepSelection && state.pile.name === name ? Math.min(state.pile.selected, entries.length - 1) : -1;
  state.pile = { name, entries, selected };
  renderPile();
}

function renderPile() {
  const { name, entries } = state.pile;
  renderShell();
  let tools = '';
  if (name === 'transfer-list') {
    const sold = entries.some((entry) => views.entryState(entry, name) === 'sold');
    const expired = entries.some((entry) => views.entryState(entry, name) === 'expired');
    tools = `<button type="button" data-testid="clear-sold" data-action="clear-sold" aria-label="Clear sold"${sold ? '' : ' disabled'}>Clear sold</button>
<button type="button" data-testid="relist-all" data-action="relist-all" aria-label="Re-list all"${expired ? '' : ' disabled'}>Re-list all</button>`;
  }
  main.innerHTML = views.pile(name, PILES[name].title, entries, state.pile.selected, names, tools);
  renderDetail();
  setView(viewInfo(name));
}

/** The entry the detail panel shows, and what can be done with it. */
function selection() {
  const onMarket = state.view.name === 'market-results' || location.hash === '#/market/results';
  const list = onMarket ? state.market.rows : state.pile.entries;
  const index = onMarket ? state.market.selected : state.pile.selected;
  const entry = list[index];
  if (!entry) return undefined;
  const pile = onMarket ? 'market' : state.pile.name;
  const item = entry.itemData ?? entry;
  const trade = entry.itemData ? entry : undefined;
  const actions = [];
  const owned = ['list', 'send-to-transfer-list', 'send-to-club', 'quick-sell'];
  if (pile === 'market' || pile === 'targets') {
    const stateName = views.entryState(trade, 'targets');
    if (trade.tradeOwner) {
      // your own listing in the results: nothing to do here
    } else if (stateName === 'won') actions.push(...owned);
    else if (stateName !== 'expired' && trade.tradeState === 'active') {
      if (trade.buyNowPrice > 0) actions.push('buy');
      actions.push('bid', trade.watched ? 'unwatch' : 'watch');
    } else if (pile === 'targets') actions.push('unwatch');
  } else if (pile === 'unassigned') actions.push(...owned);
  else if (pile === 'transfer-list') {
    const stateName = views.entryState(trade, pile);
    if (stateName === 'sold') actions.push('remove');
    if (stateName === 'available' || stateName === 'expired')
      actions.push('list', 'send-to-club', 'quick-sell');
  }
  return { entry, item, trade, pile, actions };
}

function renderDetail() {
  const slot = document.getElementById('detail-slot');
  const selected = selection();
  if (!slot || !selected) return;
  const { item, trade } = selected;
  const nextBid = trade
    ? trade.currentBid > 0
      ? nextPrice(trade.currentBid)
      : Math.max(trade.startingBid, 150)
    : 0;
  const start = snapPrice(Math.max(item.marketDataMinPrice ?? 150, 150));
  slot.innerHTML = views.detail(selected.entry, names, selected.actions, {
    bid: nextBid,
    start,
    buyNow: nextPrice(start),
  });
}

function select(index) {
  if (state.view.name === 'market-results') {
    if (index < 0 || index >= Math.min(state.market.rows.length, 20)) return;
    state.market.selected = index;
    showResults();
  } else if (PILES[state.view.name]) {
    if (index < 0 || index >= state.pile.entries.length) return;
    state.pile.selected = index;
    renderPile();
  }
}

// ---------- actions ----------

const priceOf = (testId) => Number(main.querySelector(`[data-testid=${testId}]`)?.value || 0);

async function refreshAfter() {
  if (state.view.name === 'market-results') {
    const selected = selection();
    if (selected?.trade?.tradeId) {
      const answer = await services.Market.status([selected.trade.tradeId]);
      const fresh = answer.success ? answer.data.auctionInfo[0] : undefined;
      if (fresh) state.market.rows[state.market.selected] = fresh;
    }
    showResults();
  } else if (PILES[state.view.name]) await showPile(state.view.name, true);
}

async function act(action) {
  const selected = selection();
  const item = selected?.item;
  const trade = selected?.trade;
  switch (action) {
    case 'buy': {
      if (!(await confirmAction(`Are you sure you want to buy this item for ${trade.buyNowPrice} coins?`)))
        return;
      const answer = await services.Market.bid(trade.tradeId, trade.buyNowPrice);
      if (!answer.success) return failure('Buy Now', answer);
      toast(`Purchase successful: bought for ${trade.buyNowPrice} coins.`);
      const bought = answer.data.auctionInfo?.[0];
      if (bought && state.view.name === 'market-results') state.market.rows[state.market.selected] = bought;
      return state.view.name === 'market-results' ? showResults() : refreshAfter();
    }
    case 'bid': {
      const amount = priceOf('bid-amount');
      const answer = await services.Market.bid(trade.tradeId, amount);
      if (!answer.success) return failure('Bid', answer);
      toast(`Bid successful: ${amount} coins.`);
      const fresh = answer.data.auctionInfo?.[0];
      if (fresh && state.view.name === 'market-results') state.market.rows[state.market.selected] = fresh;
      return state.view.name === 'market-results' ? showResults() : refreshAfter();
    }
    case 'watch':
    case 'unwatch': {
      const answer = await services.Market[action](trade.tradeId);
      if (!answer.success) return failure(action === 'watch' ? 'Watch' : 'Unwatch', answer);
      toast(action === 'watch' ? 'Added to your transfer targets.' : 'Removed from your transfer targets.');
      return refreshAfter();
    }
    case 'list': {
      const start = priceOf('list-start-price');
      const buyNow = priceOf('list-buy-now-price');
      const duration = Number(main.querySelector('[data-testid=list-duration]').value);
      if (selected.pile !== 'transfer-list') {
        const moved = await services.Item.move(item.id, 'trade', wonTradeId(selected));
        if (!moved.success) return failure('List', moved);
        const result = moved.data.itemData[0];
        if (!result?.success)
          return toast(`List failed: ${result?.reason ?? 'error'}`, 'error', result?.errorCode);
      }
      const answer = await services.Market.list(item.id, start, buyNow, duration);
      if (!answer.success) return failure('List', answer);
      toast(`Listed on the transfer market for ${buyNow} coins.`);
      return afterItemLeft();
    }
    case 'send-to-transfer-list':
    case 'send-to-club': {
      const pile = action === 'send-to-club' ? 'club' : 'trade';
      const answer = await services.Item.move(item.id, pile, wonTradeId(selected));
      if (!answer.success) return failure('Move', answer);
      const result = answer.data.itemData[0];
      if (!result?.success)
        return toast(`Move failed: ${result?.reason ?? 'error'}`, 'error', result?.errorCode);
      toast(pile === 'club' ? 'Sent to your club.' : 'Sent to your transfer list.');
      return afterItemLeft();
    }
    case 'quick-sell': {
      if (
        !(await confirmAction(
          `Are you sure you want to quick sell this item for ${item.discardValue} coins?`,
        ))
      )
        return;
      const answer = await services.Item.quickSell(item.id);
      if (!answer.success) return failure('Quick sell', answer);
      await services.User.credits();
      toast(`Quick sold for ${item.discardValue} coins.`);
      return afterItemLeft();
    }
    case 'remove': {
      const answer = await services.Market.removeEntry(trade.tradeId);
      if (!answer.success) return failure('Remove', answer);
      toast('Removed from your transfer list.');
      return refreshAfter();
    }
    default:
  }
}

/** A won auction's item is moved with its trade id, as the game's client does. */
function wonTradeId(selected) {
  return selected.trade && (selected.pile === 'market' || selected.pile === 'targets')
    ? selected.trade.tradeId
    : undefined;
}

async function afterItemLeft() {
  if (state.view.name === 'market-results') {
    state.market.rows.splice(state.market.selected, 1);
    state.market.selected = -1;
    showResults();
  } else if (PILES[state.view.name]) await showPile(state.view.name, true);
}

async function pileAction(action) {
  const answer =
    action === 'clear-sold' ? await services.Market.clearSold() : await services.Market.relistAll();
  if (!answer.success) return failure(action === 'clear-sold' ? 'Clear sold' : 'Re-list all', answer);
  await services.User.credits();
  toast(action === 'clear-sold' ? 'Sold items cleared.' : 'Expired items re-listed.');
  await showPile('transfer-list');
}

// ---------- events ----------

main.addEventListener('click', (event) => {
  const target = event.target.closest('[data-action]');
  if (!target || target.disabled) return;
  const action = target.dataset.action;
  if (action === 'sign-in') {
    event.preventDefault();
    location.assign(config.signInUrl);
  } else if (action === 'select') select(Number(target.dataset.index));
  else if (action === 'price-up' || action === 'price-down') {
    const input = document.getElementById(target.dataset.target);
    const current = Number(input.value || 0);
    const moved = action === 'price-up' ? nextPrice(current) : previousPrice(current);
    input.value =
      moved === 0 && input.dataset.floor !== undefined
        ? String(config.prices.min)
        : moved
          ? String(moved)
          : '';
  } else if (action === 'clear-name') {
    const input = main.querySelector('[data-testid=search-name]');
    input.value = '';
    input.dataset.picked = '';
    hideSuggestions();
  } else if (action === 'pick') {
    const input = main.querySelector('[data-testid=search-name]');
    input.value = target.dataset.name;
    input.dataset.picked = target.dataset.baseId;
    hideSuggestions();
  } else if (action === 'reset') {
    state.form = {};
    sessionStorage.removeItem(FORM_KEY);
    showSearch();
  } else if (action === 'back') location.hash = '#/market';
  else if (action === 'previous') void runSearch(state.market.page - 1);
  else if (action === 'next') void runSearch(state.market.page + 1);
  else if (action === 'solve-captcha')
    void solveCaptcha().then((solved) => {
      if (!solved) return;
      state.blocked = undefined;
      toast('Verification complete.');
      location.hash = '#/home';
    });
  else if (action === 'clear-sold' || action === 'relist-all') void pileAction(action);
  else void act(action);
});

header.addEventListener('click', (event) => {
  // The game's tabs reload their view when clicked again.
  const link = event.target.closest('nav a');
  if (link && link.getAttribute('href') === location.hash) void route();
  if (event.target.closest('[data-action=logout]'))
    void signOut().then(() => {
      state.signInMessage = '';
      location.hash = '';
      renderSignedOut();
    });
});

function hideSuggestions() {
  const list = main.querySelector('[data-testid=search-name-suggestions]');
  if (list) {
    list.hidden = true;
    list.innerHTML = '';
  }
}

main.addEventListener('input', (event) => {
  const input = event.target;
  if (input.dataset?.testid !== 'search-name') return;
  input.dataset.picked = '';
  const list = main.querySelector('[data-testid=search-name-suggestions]');
  const found = suggestionsFor(input.value);
  list.innerHTML = found
    .map(
      ([baseId, name]) =>
        `<li><button type="button" data-testid="search-name-suggestion" data-action="pick" data-base-id="${baseId}" data-name="${views.esc(name)}" aria-label="${views.esc(name)}">${views.esc(name)}</button></li>`,
    )
    .join('');
  list.hidden = found.length === 0;
});

main.addEventListener('change', (event) => {
  if (event.target.dataset?.testid === 'search-league') {
    readForm();
    state.form.club = '';
    showSearch();
  }
});

main.addEventListener(
  'blur',
  (event) => {
    const input = event.target;
    if (input.dataset?.price === undefined || input.value === '') return;
    const snapped = snapPrice(Number(input.value.replace(/[^\d]/g, '')));
    input.value = snapped
      ? String(snapped)
      : input.dataset.floor !== undefined
        ? String(config.prices.min)
        : '';
  },
  true,
);

main.addEventListener('submit', (event) => {
  event.preventDefault();
  readForm();
  void runSearch(0);
});

// ---------- routing ----------

async function route() {
  if (!repositories.User.signedIn) return renderSignedOut();
  const hash = location.hash.split('?')[0];
  if (hash === '#/captcha' || hash === '#/soft-ban') {
    if (state.blocked) return renderBlocked();
    location.hash = '#/home';
    return;
  }
  state.blocked = state.blocked === 494 ? 494 : undefined;
  if (hash === '#/market') {
    if (state.blocked === 494) return renderBlocked();
    return showSearch();
  }
  if (hash === '#/market/results') return showResults();
  if (hash === '#/transfers') return showPile('transfer-list');
  if (hash === '#/targets') return showPile('targets');
  if (hash === '#/unassigned') return showPile('unassigned');
  return showHome();
}

window.addEventListener('hashchange', () => void route());

async function start() {
  const fragment = new URLSearchParams(location.hash.startsWith('#/') ? '' : location.hash.slice(1));
  const token = fragment.get('access_token');
  const injected = fragment.get('sid');
  if (token || injected || fragment.get('error')) history.replaceState(null, '', '/web-app/#/home');
  setView({ name: 'loading' });
  if (injected) adoptSession(injected, fragment.get('platform'));
  if (token) {
    const problem = await signInWithToken(token);
    if (problem) state.signInMessage = problem;
  }
  if (sessionId()) {
    const info = await services.User.massInfo();
    // A blocked account (captcha, soft ban) is still signed in: its blocking screen shows.
    if (info.status !== 401 && info.status !== 0) repositories.User.signedIn = true;
    if (info.success && info.data.userInfo.feature?.trade === 0) state.blocked = 494;
  }
  await namesReady;
  if (location.pathname.endsWith('/auth.html')) history.replaceState(null, '', '/web-app/#/home');
  if (state.view.name === 'loading' || state.view.name === 'signed-out') await route();
}

const ready = start();

window.services = services;
window.repositories = repositories;
window.webApp = {
  version: 1,
  ready,
  get view() {
    return state.view;
  },
  navigate(hash) {
    location.hash = hash;
  },
  select,
  async search() {
    if (state.view.name === 'market-search') readForm();
    await runSearch(0);
  },
};
