import { describe, expect, it } from 'vitest';
import { isFailedSnipe, logEntrySchema, serverLogMessageSchema, snipeResultReportSchema } from './reports.js';
import { sbcChallengeSchema, canDeleteChallenge } from './sbc.js';
import { defaultSnipeStatistics, defaultWebStatistics, snipeStatisticsSchema } from './statistics.js';
import { emptyTransferList, transferListCreateSchema } from './transfer.js';

describe('snipe result report', () => {
  const report = {
    buyerId: 'a1',
    platform: 'console',
    playerId: 231747,
    playerName: 'Mbappé',
    buyPrice: 40_000,
    sellPrice: 50_000,
    tax: 2500,
    value: 7500,
  };

  it('is a failure only when it carries an error code', () => {
    expect(isFailedSnipe(snipeResultReportSchema.parse(report))).toBe(false);
    expect(isFailedSnipe(snipeResultReportSchema.parse({ ...report, errorCode: '461' }))).toBe(true);
  });

  it('spells the platform pc or console', () => {
    expect(snipeResultReportSchema.safeParse({ ...report, platform: 'ps' }).success).toBe(false);
  });
});

describe('log records', () => {
  it('accepts a server log message with optional embed fields', () => {
    const message = serverLogMessageSchema.parse({
      message: 'Break started',
      clubName: 'FC Trader',
      type: 'BREAK_START',
      fields: [{ name: 'Requests', value: '12', inline: true }],
    });
    expect(message.fields).toHaveLength(1);
  });

  it('types a log entry as transfer or snipe', () => {
    const entry = {
      accountId: 'a1',
      playerId: 1,
      playerName: 'X',
      buyPrice: 1,
      sellPrice: 2,
      rarity: 1,
      platform: 'pc',
      isSuccess: true,
      type: 'snipe',
    };
    expect(logEntrySchema.safeParse(entry).success).toBe(true);
    expect(logEntrySchema.safeParse({ ...entry, type: 'bid' }).success).toBe(false);
  });
});

describe('SBC challenges', () => {
  const challenge = {
    challengeId: 'c1',
    name: 'Hybrid Leagues',
    imageId: 'img',
    rewards: [{ type: 'pack', name: 'Gold Pack' }],
    expiresAt: '2025-06-01T00:00:00Z',
    solutions: [
      {
        solutionId: 's1',
        createdAt: '2025-05-01T00:00:00Z',
        players: [
          {
            definitionId: 1,
            position: 'ST',
            price: 700,
            chemistry: 3,
            clubId: 1,
            nationId: 14,
            leagueId: 13,
          },
        ],
      },
    ],
    subChallenges: [
      {
        challengeId: 'c2',
        name: 'Part 1',
        imageId: '',
        rewards: [],
        expiresAt: null,
        solutions: [],
        subChallenges: [],
      },
    ],
  };

  it('parses nested sub-challenges and dates', () => {
    const parsed = sbcChallengeSchema.parse(challenge);
    expect(parsed.subChallenges[0]?.name).toBe('Part 1');
    expect(parsed.expiresAt).toEqual(new Date('2025-06-01T00:00:00Z'));
  });

  it('lets admins delete only top-level challenges without sub-challenges', () => {
    const parsed = sbcChallengeSchema.parse(challenge);
    expect(canDeleteChallenge(parsed, true)).toBe(false);
    expect(canDeleteChallenge(parsed.subChallenges[0]!, false)).toBe(false);
    expect(canDeleteChallenge({ ...parsed, subChallenges: [] }, true)).toBe(true);
  });
});

describe('statistics and transfer lists', () => {
  it('falls back to empty statistics', () => {
    expect(snipeStatisticsSchema.parse(defaultSnipeStatistics())).toEqual(defaultSnipeStatistics());
    expect(defaultWebStatistics().snipe).toEqual({ totalAmount: 0, totalNumTransfers: 0, successRate: 0 });
  });

  it('accepts number-or-text list items and has an empty default', () => {
    expect(transferListCreateSchema.parse({ players: [{ id: '5', listPrice: '1000', order: '0' }] })).toEqual(
      {
        players: [{ id: 5, listPrice: 1000, order: 0 }],
      },
    );
    expect(emptyTransferList()).toEqual({ id: '', players: [], updatedAt: null });
  });
});
