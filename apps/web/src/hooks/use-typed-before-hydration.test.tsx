import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

/** A quantity field and the total it gives, as the coins calculator draws them. */
function Calculator() {
  const [quantity, setQuantity] = useState(0);
  const field = useTypedBeforeHydration(String(quantity), (value) => setQuantity(Number(value)));
  return (
    <>
      <input
        ref={field}
        type="number"
        value={quantity}
        onChange={(event) => setQuantity(Number(event.target.value))}
      />
      <p>Total: €{quantity * 5}</p>
    </>
  );
}

describe('useTypedBeforeHydration', () => {
  it('counts a quantity typed into the prerendered field before the app took the page over', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Calculator />);
    container.querySelector('input')!.value = '3';

    await act(async () => {
      hydrateRoot(container, <Calculator />);
    });
    expect(container.querySelector('p')?.textContent).toBe('Total: €15');
    expect(container.querySelector('input')?.value).toBe('3');
  });

  it('changes nothing when the field shows what the app drew', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Calculator />);

    await act(async () => {
      hydrateRoot(container, <Calculator />);
    });
    expect(container.querySelector('p')?.textContent).toBe('Total: €0');
  });
});
