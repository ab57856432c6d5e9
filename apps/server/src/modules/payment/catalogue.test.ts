import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogue.js';
import { quote } from './pricing.js';

const writeCatalogue = (content: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'catalogue-')), 'catalogue.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
};

describe('catalogue', () => {
  const catalogue = loadCatalogue();
  const product = (id: string) => {
    const found = catalogue.products.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no ${id}`);
    return found;
  };

  it('loads the bundled file: every category, the trial month with 10 credits, coins per platform', () => {
    expect(new Set(catalogue.products.map((item) => item.type))).toEqual(
      new Set(['snipe', 'multi_rarity', 'transfer', 'other', 'licence', 'credit', 'account', 'vps', 'coin']),
    );
    for (const trial of ['snipe-month', 'transfer-month', 'multi-rarity-month'])
      expect(product(trial)).toMatchObject({ price: { type: 'month' }, grants: { credits: 10 } });
    expect(product('coins-pc').platform).toBe('pc');
    expect(product('coins-console').platform).toBe('ps');
    expect(catalogue.referral.discountRate).toBe(0.3);
  });

  it('refuses a bad file and names every problem', () => {
    const file = writeCatalogue({
      version: 1,
      currency: 'eur',
      referral: { discountRate: 0.3, referrerCredits: 5 },
      products: [
        { ...product('credits-25'), price: { id: 'p', value: -1, type: 'month' } },
        { ...product('coins-pc'), id: 'credits-25', platform: undefined },
      ],
    });
    expect(() => loadCatalogue(file)).toThrow(
      /products\.0\.price\.value[\s\S]*a coin product needs a platform[\s\S]*Duplicate product or price id credits-25/,
    );
  });

  it('prices in cents: quantity × unit, referral 30% rounded once on the total', () => {
    expect(quote(product('credits-60'), 3, null)).toEqual({
      subtotalCents: 2997,
      discountCents: 0,
      amountCents: 2997,
    });
    expect(quote(product('credits-60'), 3, 0.3)).toEqual({
      subtotalCents: 2997,
      discountCents: 899,
      amountCents: 2098,
    });
    expect(quote(product('snipe-season'), 1, 0.3).amountCents).toBe(6999);
    // 41,965 × 70% is 29,375.5 cents: the half cent rounds up, as the coin calculator shows it.
    expect(quote(product('coins-pc'), 35, 0.3)).toEqual({
      subtotalCents: 41_965,
      discountCents: 12_589,
      amountCents: 29_376,
    });
  });
});
