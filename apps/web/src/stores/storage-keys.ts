/**
 * The browser storage keys of the persisted stores. Read by the stores, and by scripts that run
 * before the app (index.html's pre-paint theme script, a prerendered page's app start script).
 */
export const authStorageKey = 'tradedesk-auth';
/** index.html's pre-paint script names it too; keep them in step. */
export const themeStorageKey = 'tradedesk-theme';
