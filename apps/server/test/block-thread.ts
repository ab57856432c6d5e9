/** Holds the thread as a loop without end would, for `ms`: the event loop runs nothing meanwhile. */
export function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
