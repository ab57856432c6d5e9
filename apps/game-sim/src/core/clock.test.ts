import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';

describe('clock', () => {
  it('runs a virtual clock at ×speed from its start and moves it forward on demand', () => {
    let real = 1_000_000;
    const clock = createClock({ speed: 60, start: 5_000 }, () => real);

    real += 1_000;
    const afterOneRealSecond = clock.now();
    clock.advance(30_000);

    expect(clock.kind).toBe('virtual');
    expect(afterOneRealSecond).toBe(5_000 + 60_000);
    expect(clock.now()).toBe(5_000 + 60_000 + 30_000);
  });

  it('follows real time by default and refuses to be moved', () => {
    const clock = createClock('real', () => 42);

    expect(clock.now()).toBe(42);
    expect(() => clock.advance(1)).toThrow('The real clock cannot be advanced');
  });

  it('refuses a negative speed or a backwards move', () => {
    expect(() => createClock({ speed: -1 })).toThrow('clock speed must be a finite number >= 0');
    expect(() => createClock({ speed: 0 }).advance(-5)).toThrow('advance needs ms >= 0');
  });
});
