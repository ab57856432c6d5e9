import { describe, expect, it } from 'vitest';
import { backends } from '../database.js';
import { useSbcStack, type PresentedChallenge } from './sbc-support.js';
import { hubSuite, openBrowser } from './stack.js';

/** The sandbox game's 'Club Loyalty' asks for untradeable cards: the market can never fill it. */
const untradeables = 'challenge-2130';

describe.each(backends)('a challenge the market holds no squad for (%s)', (backend) => {
  const sbc = useSbcStack(backend);

  it(
    'is answered with the reason, not left "being computed" and solved again every 15 s',
    async () => {
      const outcome = await sbc.catalogue.solveAll([untradeables]);
      expect(outcome).toMatchObject({ solved: 1, total: 1, changed: 0 });

      const browser = await openBrowser(sbc.stack.server, { tier: 'snipe' });
      sbc.browsers.push(browser);
      const body = (await browser.http.get('/api/sbc/challenges')).body as { data: PresentedChallenge[] };
      const loyalty = body.data
        .flatMap((challenge) => challenge.subChallenges)
        .find((challenge) => challenge.challengeId === untradeables);
      expect(loyalty?.solutions).toEqual([]);
      expect(loyalty?.unsolvableReason).toMatch(/cannot be met/);
      // The set solved earlier by the suite carries no reason.
      const goldUpgrade = body.data.find((challenge) => challenge.challengeId === 'set-1001');
      expect(goldUpgrade?.unsolvableReason).toBeUndefined();
    },
    hubSuite.timeout,
  );
});
