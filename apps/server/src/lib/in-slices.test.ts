import { describe, expect, it } from 'vitest';
import { mapInSlices } from './in-slices.js';

describe('mapInSlices', () => {
  it('maps every item in order and lets other work run between slices', async () => {
    const items = Array.from({ length: 10_000 }, (_, index) => index);
    let mappedSoFar = 0;
    /** How far the job had come each time other work got a turn while it ran. */
    const seenAt: number[] = [];
    let running = true;
    const otherWork = () => {
      if (!running) return;
      seenAt.push(mappedSoFar);
      setImmediate(otherWork);
    };
    setImmediate(otherWork);
    const mapped = await mapInSlices(
      items,
      (item) => {
        mappedSoFar += 1;
        return item * 2;
      },
      1_000,
    );
    running = false;
    expect(mapped).toEqual(items.map((item) => item * 2));
    const midway = seenAt.filter((done) => done > 0 && done < items.length);
    expect(new Set(midway).size).toBeGreaterThanOrEqual(9);
  });

  it('stops at the first item that fails', async () => {
    let calls = 0;
    const failing = mapInSlices([1, 2, 3, 4], (item) => {
      calls += 1;
      if (item === 2) throw new Error('item 2 is bad');
      return item;
    });
    await expect(failing).rejects.toThrow('item 2 is bad');
    expect(calls).toBe(2);
  });
});
