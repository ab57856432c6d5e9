import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { liveOutsideDialogsAttribute } from './live-outside-dialogs';

const candidates = 'a[href],button,input,select,textarea,summary,[tabindex]';

/**
 * The elements Tab stops at inside `container`, in document order (no positive tabindex here). Of a
 * radio group with a checked button, only that one is a stop.
 */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(candidates)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(':disabled,[type="hidden"],[inert] *') &&
      !(
        element instanceof HTMLInputElement &&
        element.type === 'radio' &&
        !element.checked &&
        container.querySelector(`[type="radio"][name="${CSS.escape(element.name)}"]:checked`)
      ) &&
      element.checkVisibility({ visibilityProperty: true }),
  );
}

/** Open dialogs, the last one on top: only it is live, its Tab cycles and Escape closes it. */
const layers: HTMLElement[] = [];
let inertByUs = new Set<Element>();
let observer: MutationObserver | null = null;

/**
 * Makes everything outside the top dialog (and the toaster) inert: it can neither be focused nor
 * clicked, and screen readers leave it out. The dialogs are drawn where their page puts them, so
 * the page's root cannot take `inert` itself (it would hold the dialog): every element beside the
 * path from <body> to the dialog takes it instead. A page that adds elements beside that path while
 * the dialog is open (a portal) has them made inert as well.
 */
function inertOutsideTopLayer() {
  for (const element of inertByUs) element.removeAttribute('inert');
  inertByUs = new Set();
  observer?.disconnect();
  observer = null;
  const top = layers.at(-1);
  if (!top) return;

  const keep = [top, ...document.querySelectorAll(`[${liveOutsideDialogsAttribute}]`)];
  const onPath = new Set<Element>();
  for (const element of keep)
    for (let parent = element.parentElement; parent; parent = parent.parentElement) onPath.add(parent);
  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (keep.includes(child)) continue;
      if (onPath.has(child)) visit(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        inertByUs.add(child);
      }
    }
  };
  visit(document.body);
  observer = new MutationObserver(inertOutsideTopLayer);
  for (const parent of onPath) observer.observe(parent, { childList: true });
}

const isTopLayer = (dialog: HTMLElement) => layers.at(-1) === dialog;

/**
 * WAI-ARIA's modal dialog keyboard rules for `dialogRef` while `isOpen`: the focus moves into it
 * (to its first Tab stop, unless something inside already took it), Tab and Shift+Tab cycle within
 * it, Escape closes it, the page behind is inert, and the focus returns to the opener on close.
 */
export function useModalFocus(
  dialogRef: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onClose: () => void,
) {
  // A layout effect: it runs before any dialog's own effect moves the focus, so the opener is still focused.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!isOpen || !dialog) return;
    const focused = document.activeElement;
    const opener =
      focused instanceof HTMLElement && focused !== document.body && !dialog.contains(focused)
        ? focused
        : null;
    layers.push(dialog);
    inertOutsideTopLayer();
    if (!dialog.contains(document.activeElement)) (tabbableIn(dialog)[0] ?? dialog).focus();
    return () => {
      layers.splice(layers.indexOf(dialog), 1);
      inertOutsideTopLayer();
      const active = document.activeElement;
      // Only when the focus would otherwise be lost: inside the closing dialog or nowhere.
      if (opener?.isConnected && (!active || active === document.body || dialog.contains(active)))
        opener.focus();
    };
  }, [dialogRef, isOpen]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!isOpen || !dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopLayer(dialog)) return;
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab') return;
      const stops = tabbableIn(dialog);
      const first = stops[0];
      const last = stops.at(-1);
      const active = document.activeElement;
      const isOutside = !active || active === dialog || !dialog.contains(active);
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (active === first || isOutside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || isOutside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dialogRef, isOpen, onClose]);
}
