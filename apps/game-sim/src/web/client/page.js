// The page the sandbox web app draws on: its configuration, elements, state, player names and the
// messages it shows (toast, confirm dialog). Every other client module imports what it needs here.
import { configurePrices } from './prices.js';
import { configure, repositories } from './services.js';
import * as views from './views.js';

export const config = JSON.parse(document.getElementById('web-app-config').textContent);
configure(config);
configurePrices(config.prices);

export const main = document.getElementById('view');
export const header = document.getElementById('shell');
const toastEl = document.querySelector('[data-testid=toast]');
const dialog = document.querySelector('[data-testid=dialog]');
export const FORM_KEY = 'webapp.search';

/** Player names by base id, for the search suggestions and the cards. */
export const names = new Map();
export const namesReady = fetch('/web-app/js/players.json')
  .then((response) => response.json())
  .then((rows) => rows.forEach(([baseId, name]) => names.set(baseId, name)))
  .catch(() => undefined);

export const state = {
  view: { name: 'loading' },
  form: JSON.parse(sessionStorage.getItem(FORM_KEY) ?? '{}'),
  market: { rows: [], page: 0, selected: -1 },
  pile: { name: '', entries: [], selected: -1 },
  blocked: undefined,
  signInMessage: '',
};

export function setView(view) {
  state.view = view;
  main.dataset.view = view.name;
  document.dispatchEvent(new CustomEvent('webapp:view', { detail: view }));
}

let toastTimer;
export function toast(text, kind = 'success', code) {
  toastEl.textContent = text;
  toastEl.dataset.kind = kind;
  if (code) toastEl.dataset.code = String(code);
  else delete toastEl.dataset.code;
  clearTimeout(toastTimer);
  toastEl.dataset.seq = String(Number(toastEl.dataset.seq ?? 0) + 1);
  toastTimer = setTimeout(() => (toastEl.textContent = ''), 8000);
}

export function failure(action, answer) {
  if (answer.status === 458 || answer.status === 512 || answer.status === 521 || answer.status === 494)
    return;
  toast(`${action} failed: ${answer.error?.reason ?? 'error'} (${answer.status})`, 'error', answer.status);
}

export function confirmAction(text) {
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

export function renderShell() {
  if (!repositories.User.signedIn) {
    header.hidden = true;
    header.innerHTML = '';
    return;
  }
  header.hidden = false;
  header.innerHTML = views.shell(repositories.User, location.hash.split('?')[0] || '#/home');
}
