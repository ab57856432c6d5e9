// The lists the player picks an item from (market results and the piles), the selected entry and
// its detail panel with what can be done with it.
import { nextPrice, snapPrice } from './prices.js';
import { services } from './services.js';
import { main, names, renderShell, setView, state } from './page.js';
import * as views from './views.js';

export function showResults() {
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

export const PILES = {
  'transfer-list': { title: 'Transfer list', load: () => services.Store.transferList(), key: 'auctionInfo' },
  targets: { title: 'Transfer targets', load: () => services.Store.targets(), key: 'auctionInfo' },
  unassigned: { title: 'Unassigned', load: () => services.Item.unassigned(), key: 'itemData' },
};
const SECTION_ORDER = { sold: 0, expired: 1, available: 2, active: 3 };

export async function showPile(name, keepSelection = false) {
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

export /** The entry the detail panel shows, and what can be done with it. */
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

export function select(index) {
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
