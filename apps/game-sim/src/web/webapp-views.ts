import { htmlPage } from './html.js';

export const WEB = '/web-app';

/** What the page's scripts need to know about this sim: embedded in the shell as JSON. */
export interface WebAppConfig {
  readonly gamePrefix: string;
  /** `connect/auth` URL that starts the game's sign-in and comes back to `auth.html`. */
  readonly signInUrl: string;
  /** The `gameSku` year digits, e.g. `26`. */
  readonly year: string;
  /** The game's price ladder (the domain's PRICE_BANDS; JSON turns the last band's Infinity into null). */
  readonly prices: {
    readonly bands: readonly { readonly below: number; readonly step: number }[];
    readonly min: number;
    readonly max: number;
  };
  readonly options: {
    readonly nations: readonly (readonly [number, string])[];
    readonly leagues: readonly (readonly [number, string])[];
    /** `[id, name, leagueId]`. */
    readonly clubs: readonly (readonly [number, string, number])[];
    readonly chemistryStyles: readonly (readonly [number, string])[];
    readonly rarities: readonly (readonly [number, string])[];
    readonly positions: readonly string[];
  };
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;max-width:none;background:#f4f5f7;color:#111}
header{display:flex;gap:1rem;align-items:center;padding:.5rem 1rem;background:#1d2733;color:#fff;flex-wrap:wrap}
header a{color:#fff;text-decoration:none}header a[aria-current=page]{text-decoration:underline}
header .balance{margin-left:auto}main{padding:1rem;max-width:72rem}
button{cursor:pointer}button:disabled{cursor:default;opacity:.5}
.layout{display:grid;grid-template-columns:minmax(0,3fr) minmax(16rem,2fr);gap:1rem;align-items:start}
table{border-collapse:collapse;width:100%;background:#fff}td,th{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left}
tr[aria-selected=true]{background:#dbe9ff}tbody tr{cursor:pointer}
#item-detail{background:#fff;padding:1rem;border:1px solid #ccc}#item-detail fieldset{margin:.5rem 0}
form.search{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem;background:#fff;padding:1rem}
form.search label{display:flex;flex-direction:column;gap:.2rem}.price{display:flex;gap:.2rem}.price input{width:7rem}
.suggestions{list-style:none;margin:0;padding:0;border:1px solid #ccc;background:#fff}.suggestions button{width:100%;text-align:left}
[data-testid=toast]{position:fixed;bottom:1rem;right:1rem;padding:.5rem 1rem;background:#245;color:#fff}
[data-testid=toast][data-kind=error]{background:#8b1a1a}[data-testid=toast]:empty{display:none}
dialog{border:1px solid #555}.blocking{background:#fff;padding:2rem;max-width:36rem}`;

/** The one HTML document of the web app; the scripts under `/web-app/js/` render every view. */
export function webAppShell(config: WebAppConfig): string {
  // `<` is escaped so no value can close the script element.
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  return htmlPage(
    'Ultimate Team Web App (sandbox)',
    `<header id="shell" hidden></header><main id="view" data-view="loading" aria-live="polite"></main>
<p data-testid="toast" role="status" aria-label="Notification"></p>
<dialog data-testid="dialog" aria-label="Confirm"><p id="dialog-text"></p>
<button type="button" data-testid="dialog-confirm" aria-label="Confirm">OK</button>
<button type="button" data-testid="dialog-cancel" aria-label="Cancel">Cancel</button></dialog>
<script type="application/json" id="web-app-config">${json}</script>
<script type="module" src="${WEB}/js/app.js"></script>`,
    `<style>${STYLE}</style>`,
  );
}

/** The scripts' names, the only files `/web-app/js/` serves. */
export const WEB_APP_SCRIPTS = [
  'app.js',
  'page.js',
  'lists.js',
  'search.js',
  'actions.js',
  'services.js',
  'views.js',
  'prices.js',
] as const;
