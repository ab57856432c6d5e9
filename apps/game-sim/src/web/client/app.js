// The sandbox web app: the router, the blocking screens, the page's clicks and its start. The page
// and its state are in page.js, the lists and the detail panel in lists.js, the search form in
// search.js, the item actions in actions.js, views in views.js, game calls in services.js.
// Exposes window.webApp / window.services / window.repositories (page-api.ts).
import { act, pileAction } from './actions.js';
import { select, showPile, showResults } from './lists.js';
import { config, header, main, namesReady, renderShell, setView, state, toast } from './page.js';
import { nextPrice, previousPrice, snapPrice } from './prices.js';
import { readForm, runSearch, searchFormAction, showSearch } from './search.js';
import {
  adoptSession,
  hooks,
  repositories,
  services,
  sessionId,
  signInWithToken,
  signOut,
  solveCaptcha,
} from './services.js';
import * as views from './views.js';

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
  } else if (searchFormAction(action, target)) return;
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
