import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../errors.js';
import { accountBulkCreateSchema, accountUpdateSchema, sessionSchema } from './account.js';
import { productSchema } from './commerce.js';
import { playerDatabaseSchema, playerRecordSchema, playerSuggestionSchema } from './player.js';
import {
  defaultSbcStatistics,
  defaultTransferStatistics,
  sbcStatisticsSchema,
  snipeStatisticsSchema,
  transferStatisticsSchema,
  webStatisticsSchema,
} from './statistics.js';

function message(schema: { safeParse: (input: unknown) => unknown }, input: unknown): string {
  const result = schema.safeParse(input) as ReturnType<typeof sessionSchema.safeParse>;
  return result.success ? '' : firstIssueMessage(result.error);
}

const account = {
  email: 'a@b.com',
  password: 'password1',
  backupCode: 'ABCD1234',
  isManualLogin: false,
  platform: 'ps',
};

describe('account payloads (000 §3)', () => {
  it('bulk creation takes a non-empty list of creation payloads, each with the create rules', () => {
    expect(accountBulkCreateSchema.parse([account])).toEqual([account]);
    expect(message(accountBulkCreateSchema, [])).toBe('The list must hold at least 1 entry');
    expect(message(accountBulkCreateSchema, [{ ...account, backupCode: '' }])).toBe(
      'Backup code is required',
    );
  });

  it('editing sends the id with the same fields and rules', () => {
    expect(message(accountUpdateSchema, { ...account, id: 'acc-1', backupCode: '123' })).toBe(
      'Backup code must be 8 characters long',
    );
    expect(message(accountUpdateSchema, account)).toBe('Id is required');
  });

  it('keeps a session as account id, epoch-ms start and end, and counters', () => {
    const session = { accountId: 'acc-1', startedAt: 1000, endedAt: null, requests: '12', searches: 3 };
    expect(sessionSchema.parse(session)).toEqual({ ...session, requests: 12 });
  });
});

describe('player records (001 §3)', () => {
  it('keys the price database by player id with prices per platform and optional site records', () => {
    const database = {
      '231747': {
        name: 'Kylian Mbappé',
        rating: 91,
        rarity: 1,
        pc: { current: 1_250_000 },
        ps: { current: '1200000' },
        isSBC: false,
        isObjective: false,
        isExtinct: false,
        futbin: { id: 123, urlName: 'kylian-mbappe' },
      },
    };
    expect(playerDatabaseSchema.parse(database)['231747']?.ps.current).toBe(1_200_000);
    expect(message(playerDatabaseSchema, { '1': { ...database['231747'], isSBC: 'no' } })).toBe(
      'Is sbc must be true or false',
    );
  });

  it('has suggestions of id, name and rating, and records with the price range and flags', () => {
    expect(playerSuggestionSchema.parse({ id: '7', name: 'Pelé', rating: 98 })).toEqual({
      id: 7,
      name: 'Pelé',
      rating: 98,
    });
    const record = {
      id: 7,
      name: 'Pelé',
      rating: 98,
      minPrice: 1_000_000,
      maxPrice: 15_000_000,
      image: 'https://example.test/7.png',
      isSBC: false,
      isObjective: false,
      isExtinct: true,
    };
    expect(playerRecordSchema.parse(record)).toEqual(record);
  });
});

describe('products (001 §3)', () => {
  it('prices a product in cents per week, month or season', () => {
    const product = {
      id: 'p1',
      name: 'Snipe',
      description: 'Headless sniping',
      type: 'snipe',
      features: ['24/7'],
      price: { id: 'price_1', value: 1999, type: 'month' },
    };
    expect(productSchema.parse(product)).toEqual(product);
    expect(message(productSchema, { ...product, price: { ...product.price, type: 'year' } })).toBe(
      'Type must be one of: week, month, season',
    );
  });
});

describe('statistics shapes (001 §3)', () => {
  const day = (date: string, value: number) => ({ date, value });

  it('holds at most 7 weekly profit points, dated YYYY-MM-DD', () => {
    const week = Array.from({ length: 7 }, (_, index) => day(`2025-03-0${index + 1}`, index * 100));
    const stats = { weeklyProfits: week, totalProfits: 2100, totalSuccessRate: 0.5, totalTimeSpent: 60 };
    expect(snipeStatisticsSchema.parse({ ...stats, recentSnipes: [] }).weeklyProfits).toHaveLength(7);
    expect(
      message(snipeStatisticsSchema, {
        ...stats,
        weeklyProfits: [...week, day('2025-03-08', 0)],
        recentSnipes: [],
      }),
    ).toBe('Weekly profits must hold at most 7 entries');
    expect(
      message(snipeStatisticsSchema, { ...stats, weeklyProfits: [day('03/01/2025', 1)], recentSnipes: [] }),
    ).toBe('Date is not valid');
  });

  it('has transfer, web and SBC statistics with empty defaults', () => {
    expect(transferStatisticsSchema.parse(defaultTransferStatistics())).toEqual({
      totalAmount: 0,
      successRate: 0,
      updatedAt: null,
      weeklyAmounts: [],
    });
    const part = { totalAmount: 5000, totalNumTransfers: 2, successRate: 1 };
    expect(webStatisticsSchema.parse({ transfer: part, snipe: part })).toEqual({
      transfer: part,
      snipe: part,
    });
    expect(sbcStatisticsSchema.parse(defaultSbcStatistics())).toEqual({
      totalCoinsSpent: 0,
      totalSolved: 0,
      totalTimeSpent: 0,
    });
  });
});
