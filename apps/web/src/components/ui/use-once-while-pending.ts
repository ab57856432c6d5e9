import { useEffect, useRef, useState } from 'react';

/**
 * A request that has not shown as pending this long after the click never will (it failed before
 * it was sent, and the pending and failed states reached the page in one render): the hold ends.
 */
export const UNSEEN_REQUEST_RELEASE_MS = 1_000;

/**
 * Runs a dialog's action once until its request has come and gone. The request's pending state
 * reaches the page a timer after the click, and a browser runs a double click's second click
 * before that timer: without this the action ran twice (two purchases, two deletes, an account
 * created and then 'already exists'). The hold ends when `isPending` falls back to false, when
 * `isOpen` turns false (a dialog that closes unmounts its buttons, which ends it too), or when the
 * request never showed as pending within `UNSEEN_REQUEST_RELEASE_MS`.
 */
export function useOnceWhilePending<Args extends unknown[]>(
  action: (...args: Args) => void,
  isPending: boolean,
  isOpen = true,
): { run: (...args: Args) => void; isHeld: boolean } {
  const isRunning = useRef(false);
  const sawPending = useRef(false);
  const [isHeld, setIsHeld] = useState(false);
  const unseenRelease = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A dialog closed before the timer fires leaves nothing to release: the timer goes with it (it
  // fired after a test's page was torn down, and updated a component that was gone).
  useEffect(() => () => clearTimeout(unseenRelease.current), []);
  const release = () => {
    isRunning.current = false;
    setIsHeld(false);
  };
  useEffect(() => {
    if (isPending && isOpen) {
      sawPending.current = true;
      return;
    }
    release();
  }, [isPending, isOpen]);
  const run = (...args: Args) => {
    if (isRunning.current) return;
    isRunning.current = true;
    sawPending.current = false;
    setIsHeld(true);
    action(...args);
    clearTimeout(unseenRelease.current);
    unseenRelease.current = setTimeout(() => {
      if (isRunning.current && !sawPending.current) release();
    }, UNSEEN_REQUEST_RELEASE_MS);
  };
  return { run, isHeld: isPending || isHeld };
}
