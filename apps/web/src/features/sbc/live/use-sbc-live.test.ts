import { describe, expect, it } from 'vitest';
import { progressAfterJoin } from './use-sbc-live';

describe('solver progress after a reload', () => {
  it("shows each running run's steps as the server kept them, and ends runs it no longer has", () => {
    const before = {
      finished: { isRunning: true, steps: [{ text: 'SBC solver started', tone: 'success' as const }] },
    };
    const progress = progressAfterJoin(before, [
      {
        accountId: 'acc-1',
        runId: 'run-1',
        steps: [
          { text: 'SBC solver started', tone: 'success' },
          { text: 'Bought Kane for 1,200 coins', tone: 'info' },
        ],
      },
    ]);
    expect(progress).toEqual({
      'acc-1': {
        isRunning: true,
        steps: [
          { text: 'SBC solver started', tone: 'success' },
          { text: 'Bought Kane for 1,200 coins', tone: 'info' },
        ],
      },
      finished: { isRunning: false, steps: [{ text: 'SBC solver started', tone: 'success' }] },
    });
  });

  it('keeps what it shows when the message is malformed', () => {
    const before = { 'acc-1': { isRunning: true, steps: [] } };
    expect(progressAfterJoin(before, [{ accountId: 3 }])).toEqual(before);
  });
});
