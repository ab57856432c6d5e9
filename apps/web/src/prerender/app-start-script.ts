/**
 * The inline script at the end of a prerendered page's body that starts the app (its module script
 * and preloads, taken out of the head by build/prerender.ts).
 *
 * A prerendered page draws without the app. Started from the head, the app's ~165 kB gzip of
 * scripts would download beside the stylesheet and hydrate before the first paint, and on a slow
 * phone that hydration is seconds of a blocked main thread. So:
 * - `after-first-paint` pages (a plans page drawn without its prices, sent by a server whose
 *   catalogue is not the bundled one: the app must load them) start it right after the first paint;
 * - `on-first-intent` pages (every other public page: their HTML is the whole page) start it
 *   when the visitor first touches, clicks, types, tabs, scrolls with a wheel or moves the mouse.
 *   A click that comes before the app has taken the page over is remembered and clicked again once it
 *   has (`ReplayEarlyClick`), so it is not lost.
 * A visitor the prerendered markup does not fit (signed in, dark theme, inside a frame) and a tab
 * opened in the background start it at once: the app draws their page itself.
 */
export type AppStart = 'after-first-paint' | 'on-first-intent';

/** Where the script leaves a click on a button made before the app started (see `replayEarlyClick`). */
export const earlyClickGlobal = '__tradeDeskEarlyClick';

/**
 * The root element's attribute that names the page's `AppStart`. The script reads it rather than
 * carrying it, so every page has the same script: one hash in the Content Security Policy.
 */
export const appStartAttribute = 'data-app-start';

/** Sent by `replayEarlyClick` once the app has the page: clicks reach it from then on. */
const appTookOverEvent = 'tradedesk:app-took-over';

/** The events that say a visitor is about to use the page. */
const intentEvents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

export type AppStartScriptOptions = {
  readonly entry: string;
  readonly preloads: readonly string[];
  /** Storage keys whose value means the app draws the page itself (the session, the theme). */
  readonly sessionStorageKey: string;
  readonly themeStorageKey: string;
};

export function appStartScript(options: AppStartScriptOptions): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script>
      (function () {
        var started = false;
        var intents = ${json(intentEvents)};
        function start() {
          if (started) return;
          started = true;
          intents.forEach(function (name) { document.removeEventListener(name, start, true); });
          ${json(options.preloads)}.forEach(function (href) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.appendChild(link);
          });
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${json(options.entry)};
          document.head.appendChild(script);
        }
        function rememberClick(event) {
          var target = event.target instanceof Element ? event.target.closest('button') : null;
          if (target) window[${json(earlyClickGlobal)}] = target;
          start();
        }
        function stored(key) {
          try {
            return localStorage.getItem(key) || sessionStorage.getItem(key) || '';
          } catch (error) {
            return '';
          }
        }
        var drawnByTheApp =
          /"token":"/.test(stored(${json(options.sessionStorageKey)})) ||
          /"theme":"dark"/.test(stored(${json(options.themeStorageKey)})) ||
          /[?&]iframe=true(&|$)/.test(window.location.search);
        if (document.visibilityState === 'hidden' || drawnByTheApp) return start();
        var root = document.getElementById('root');
        if (root && root.getAttribute(${json(appStartAttribute)}) === 'on-first-intent') {
          intents.forEach(function (name) { document.addEventListener(name, start, { capture: true, passive: true }); });
          document.addEventListener('click', rememberClick, true);
          document.addEventListener(${json(appTookOverEvent)}, function () {
            document.removeEventListener('click', rememberClick, true);
          }, { once: true });
          return;
        }
        requestAnimationFrame(function () { setTimeout(start, 0); });
      })();
    </script>`;
}

/**
 * Clicks again, once, the button a visitor clicked before the app had taken the prerendered page
 * over, now that its handlers are there (`ReplayEarlyClick` calls it once the page has hydrated).
 */
export function replayEarlyClick(): void {
  document.dispatchEvent(new Event(appTookOverEvent));
  const holder = window as unknown as Record<string, unknown>;
  const early = holder[earlyClickGlobal];
  delete holder[earlyClickGlobal];
  if (early instanceof HTMLElement && early.isConnected) early.click();
}
