import { useEffect, useRef, useState } from 'react';

/**
 * Runs a dialog's action once until its request has come and gone. The request's pending state
 * reaches the page a timer after the click, and a browser runs a double click's second click
 * before that timer: without this the action ran twice (two purchases, two deletes, an account
 * created and then 'already exists'). The hold ends when `isPending` falls back to false, or when
 * `isOpen` turns false; a dialog that closes unmounts its buttons, which ends it too.
 */
export function useOnceWhilePending<Args extends unknown[]>(
  action: (...args: Args) => void,
  isPending: boolean,
  isOpen = true,
): { run: (...args: Args) => void; isHeld: boolean } {
  const isRunning = useRef(false);
  const [isHeld, setIsHeld] = useState(false);
  useEffect(() => {
    if (isPending && isOpen) return;
    isRunning.current = false;
    setIsHeld(false);
  }, [isPending, isOpen]);
  const run = (...args: Args) => {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsHeld(true);
    action(...args);
  };
  return { run, isHeld: isPending || isHeld };
}
