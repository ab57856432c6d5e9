// The market search form: what it holds (kept for the tab), the name suggestions and the search.
import { services } from './services.js';
import { failure, FORM_KEY, main, names, renderShell, setView, state, config } from './page.js';
import { showResults } from './lists.js';
import * as views from './views.js';

export function showSearch() {
  renderShell();
  main.innerHTML = views.searchForm(state.form, config);
  setView({ name: 'market-search' });
}

export function readForm() {
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

export async function runSearch(page) {
  const answer = await services.Market.search(criteriaOf(state.form), page);
  if (!answer.success) {
    failure('Search', answer);
    return;
  }
  state.market = { rows: answer.data.auctionInfo, page, selected: -1 };
  if (location.hash !== '#/market/results') location.hash = '#/market/results';
  else showResults();
}

export function hideSuggestions() {
  const list = main.querySelector('[data-testid=search-name-suggestions]');
  if (list) {
    list.hidden = true;
    list.innerHTML = '';
  }
}

/** A click on a search form control: true when it was one. */
export function searchFormAction(action, target) {
  if (action === 'clear-name') {
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
  else return false;
  return true;
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

main.addEventListener('submit', (event) => {
  event.preventDefault();
  readForm();
  void runSearch(0);
});
