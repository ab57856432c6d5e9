/**
 * @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
 */
// (The app's scripts the start script adds are never loaded here: the test only reads their tags.)
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FaqAccordion } from '../components/faq-accordion';
import { faqSections } from '../content/faq';
import { authStorageKey, themeStorageKey } from '../stores/storage-keys';
import { appStartAttribute, appStartScript, replayEarlyClick, type AppStart } from './app-start-script';

const entry = '/assets/index-test.js';
const preloads = ['/assets/vendor-test.js'];

const accordion = () => (
  <MemoryRouter>
    <FaqAccordion sections={faqSections} />
  </MemoryRouter>
);

/** The prerendered FAQ in the page, then the page's app start script run as the browser would. */
function loadPrerenderedPage(start: AppStart): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(appStartAttribute, start);
  root.innerHTML = renderToString(accordion());
  document.body.append(root);
  const html = appStartScript({ entry, preloads, sessionStorageKey: authStorageKey, themeStorageKey });
  const source = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
  if (!source) throw new Error('no inline script');
  new Function(source)();
  return root;
}

const startedScripts = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));
const preloadLinks = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const questionButtons = (root: HTMLElement) => [...root.querySelectorAll('h3 button')] as HTMLButtonElement[];

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  // The page's listeners stay on the document between tests: tell them the app has the page.
  replayEarlyClick();
});

describe('the app start script of a prerendered page', () => {
  it('leaves a whole page without the app until the visitor first touches it', async () => {
    const root = loadPrerenderedPage('on-first-intent');
    await nextFrame();
    expect(startedScripts()).toEqual([]);

    questionButtons(root)[1]!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(startedScripts()).toEqual([entry]);
    expect(preloadLinks()).toEqual(preloads);
  });

  it('clicks a question again once the app has taken the page over, so the early click opens its answer', async () => {
    const root = loadPrerenderedPage('on-first-intent');
    const [first, second] = questionButtons(root);
    second!.click();
    expect(startedScripts()).toEqual([entry]);
    // Nothing answers the click yet: the page is still the prerendered HTML.
    expect(second!.getAttribute('aria-expanded')).toBe('false');

    await act(async () => {
      hydrateRoot(root, accordion());
    });
    await act(async () => {
      replayEarlyClick();
    });
    expect(second!.getAttribute('aria-expanded')).toBe('true');
    expect(first!.getAttribute('aria-expanded')).toBe('false');
  });

  it('starts a page that reads data after the first paint, with no intent', async () => {
    loadPrerenderedPage('after-first-paint');
    expect(startedScripts()).toEqual([]);
    await nextFrame();
    expect(startedScripts()).toEqual([entry]);
  });

  it('starts at once for a signed-in visitor, whose page the app draws itself', () => {
    localStorage.setItem(authStorageKey, JSON.stringify({ state: { token: 'licence' }, version: 0 }));
    loadPrerenderedPage('on-first-intent');
    expect(startedScripts()).toEqual([entry]);
  });

  it('starts at once for a visitor who chose the dark theme', () => {
    localStorage.setItem(themeStorageKey, JSON.stringify({ state: { theme: 'dark' }, version: 0 }));
    loadPrerenderedPage('on-first-intent');
    expect(startedScripts()).toEqual([entry]);
  });
});
