import { describe, expect, it } from 'vitest';
import { FleetRegistry } from './fleets.js';

const fleet = { id: 'fleet-1', accountIds: ['a', 'b', 'c'] };

describe('the fleets an agent runs', () => {
  it('runs the parts of one fleet as one team: a listing one claims is no other’s', () => {
    const fleets = new FleetRegistry();
    const first = fleets.join({ accountId: 'a', fleet });
    const second = fleets.join({ accountId: 'b', fleet });
    expect(first?.claim(42)).toBe(true);
    expect(second?.mayBid(42)).toBe(false);
    expect(fleets.size).toBe(1);
  });

  it('keeps two fleets apart, and an account started alone out of any', () => {
    const fleets = new FleetRegistry();
    const inOne = fleets.join({ accountId: 'a', fleet });
    const inOther = fleets.join({ accountId: 'a', fleet: { id: 'fleet-2', accountIds: ['a', 'd'] } });
    expect(inOne?.claim(7)).toBe(true);
    expect(inOther?.mayBid(7)).toBe(true);
    expect(fleets.join({ accountId: 'e' })).toBeUndefined();
  });

  it('refuses a part that does not fit its fleet, and changes nothing', () => {
    const fleets = new FleetRegistry();
    expect(() => fleets.join({ accountId: 'z', fleet })).toThrow('Account z is not in this fleet');
    fleets.join({ accountId: 'a', fleet });
    expect(() => fleets.join({ accountId: 'b', fleet: { id: 'fleet-1', accountIds: ['a', 'b'] } })).toThrow(
      'This fleet was started with other accounts',
    );
    expect(() => fleets.join({ accountId: 'a', fleet })).toThrow('Account a already ran in this fleet');
    expect(fleets.size).toBe(1);
  });

  it('forgets a fleet once every part ended', () => {
    const fleets = new FleetRegistry();
    fleets.join({ accountId: 'a', fleet });
    fleets.join({ accountId: 'b', fleet });
    fleets.leave({ accountId: 'a', fleet });
    expect(fleets.size).toBe(1);
    fleets.leave({ accountId: 'b', fleet });
    expect(fleets.size).toBe(0);
    // A new start of the same fleet id is a new fleet.
    expect(fleets.join({ accountId: 'a', fleet })?.mayBid(1)).toBe(true);
  });
});
