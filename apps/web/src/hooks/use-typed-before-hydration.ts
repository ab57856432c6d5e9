import { useEffect, useRef, type RefObject } from 'react';

/**
 * A prerendered page starts the app on the visitor's first intent, so a field can be typed into
 * before React has taken it over: the text is in the field but not in React's state (hydration
 * keeps what the field shows). Once the app runs the page, this hands such text to `onTyped` (the
 * field's own change handler), so what the page computes matches what the field shows.
 */
export function useTypedBeforeHydration(
  stateValue: string,
  onTyped: (value: string) => void,
): RefObject<HTMLInputElement | null> {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const shown = field.current?.value;
    if (shown !== undefined && shown !== stateValue) onTyped(shown);
    // Once, when the app takes the page over: later typing goes through the field's onChange.
  }, []);
  return field;
}
