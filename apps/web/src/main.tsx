import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { useAuthStore } from './stores/auth-store';
import { useThemeStore } from './stores/theme-store';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');

/**
 * Public pages arrive prerendered (build/prerender.ts) for a signed-out visitor in the light
 * theme, outside a frame, at the path `data-prerendered` names. The app takes that markup over when
 * it would draw the same; a signed-in, dark-theme or framed visitor, or an unknown address (sent the
 * not-found page), gets a fresh render instead of a hydration mismatch.
 */
const drawsThePrerenderedPage =
  rootElement.dataset.prerendered === window.location.pathname.replace(/(.)\/+$/, '$1') &&
  useAuthStore.getState().token === null &&
  useThemeStore.getState().theme === 'light' &&
  new URLSearchParams(window.location.search).get('iframe') !== 'true';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (drawsThePrerenderedPage) hydrateRoot(rootElement, app);
else {
  rootElement.replaceChildren();
  const root = createRoot(rootElement);
  // As a transition, React renders the first page in slices of a few milliseconds and lets the
  // browser run between them, instead of one long task (Lighthouse's Total Blocking Time, a slow
  // phone's first tap).
  startTransition(() => root.render(app));
}
