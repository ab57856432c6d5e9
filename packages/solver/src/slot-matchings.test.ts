import { describe, expect, it } from 'vitest';
import { ChosenMatching } from './chosen-matching.js';
import { SlotMatching } from './slot-matching.js';

/** Four open slots; cards 0–2 play slot 0 or 1, card 3 plays slot 2 only. */
const masks = Int32Array.from([0b0011, 0b0011, 0b0011, 0b0100]);
const chosen = Int32Array.from([0, 1, 2, 3]);
const matchingOf = () => new ChosenMatching(masks, 4, [0, 1, 2, 3], chosen);

describe('ChosenMatching', () => {
  it('counts how many chosen cards stand in position at once', () => {
    const matching = matchingOf();
    expect(matching.size(2)).toBe(2);
    expect(matching.size(3)).toBe(2);
    expect(matching.size(4)).toBe(3);
  });

  it('still counts right once its marks pass what an Int32Array holds (a search of ~10⁹ steps)', () => {
    const matching = matchingOf();
    // Where a long search leaves the counter: the next marks would wrap past 2^31 − 1.
    (matching as unknown as { seenMark: number }).seenMark = 2 ** 31 - 2;
    expect(matching.size(4)).toBe(3);
    matching.added(4);
    expect(matching.size(4)).toBe(3);
  });
});

describe('SlotMatching', () => {
  it('still places cards once its marks pass what an Int32Array holds', () => {
    // Three cards for two slots (0 or 1), then one for slot 2 only.
    const matching = new SlotMatching(Int32Array.from([0b011, 0b011, 0b011, 0b100]), 3, 4);
    (matching as unknown as { mark: number }).mark = 2 ** 31 - 2;
    expect(matching.push(0)).toBe(true);
    expect(matching.push(1)).toBe(true);
    expect(matching.push(2)).toBe(false);
    expect(matching.push(3)).toBe(true);
    expect(matching.size).toBe(3);
  });
});
