import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useIsHydrated } from './use-is-hydrated';

function ApplyButton() {
  return <button disabled={!useIsHydrated()}>Apply</button>;
}

describe('useIsHydrated', () => {
  it('keeps a prerendered control disabled until the app has taken the page over', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ApplyButton />);
    expect(container.querySelector('button')?.disabled).toBe(true);

    await act(async () => {
      hydrateRoot(container, <ApplyButton />);
    });
    expect(container.querySelector('button')?.disabled).toBe(false);
  });
});
