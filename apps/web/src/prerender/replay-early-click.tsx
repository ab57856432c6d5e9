import { useEffect } from 'react';
import { replayEarlyClick } from './app-start-script';

/**
 * Placed in a prerendered page's own tree (inside its Suspense boundary, after the page): its effect
 * runs once the page and everything around it have hydrated, and clicks again the button a visitor
 * clicked before the app started. At the root it would run before a lazy page's boundary hydrates,
 * and React does not replay a click into a boundary whose code has not loaded.
 */
export function ReplayEarlyClick() {
  useEffect(replayEarlyClick, []);
  return null;
}
