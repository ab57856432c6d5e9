import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { firstIssueMessage, firstIssueWithField } from './errors.js';
import { messages } from './messages.js';
import { pileItemSchema } from './schemas/account.js';

// Section 5 of both documents: the quoted validation texts, verbatim. Behaviour tests next
// to each rule check that the rule shows them; this table catches a reworded text.
describe('validation messages quoted by the spec', () => {
  it.each<[keyof typeof messages, string]>([
    ['backupCodeRequired', 'Backup code is required'],
    ['backupCodeLength', 'Backup code must be 8 characters long'],
    ['timeRangeOrder', 'Max value must be greater than min value'],
    ['maxPriceOrder', 'Max price must be greater than min price'],
    [
      'minProfitRange',
      'For percentage, value must be between 0 and 100. For fixed, value must be greater than 0.',
    ],
    ['buyPriceOrder', 'Buy price must be greater than start price'],
    ['fodderRating', 'Rating must be between 84 and 94'],
    ['duplicateLabel', 'Filter with the same label already exists'],
    ['selectAtLeastOneFilter', 'You need to select at least one filter.'],
    [
      'rotationNeedsTwoFilters',
      'You need at least 2 filters to enable filter rotation. Please disable filter rotation or select more filters.',
    ],
    [
      'rotationWithMultiRarity',
      'You cannot enable filter rotation with a multi rarity filter. Please disable filter rotation.',
    ],
    ['rotationNeedsPlayerNames', 'Filter rotation requires all filters to have a player name'],
    ['filterAlreadySelected', 'Filter already selected'],
    ['couldNotFindFilter', 'Could not find filter'],
    ['couldNotFindAccount', 'Could not find account'],
    ['filterNotFound', 'Filter not found'],
    ['rotationRequests', 'Number of requests must be at least 1'],
    ['searchResultsRange', 'Number of search results must be between 1 and 50'],
    ['invalidToken', 'Invalid token'],
    ['referralEmpty', 'Enter your referral code'],
    ['referralInvalid', 'Referral code is invalid'],
    ['referralValid', 'Referral code is valid'],
    ['selectSolution', 'Please select a solution to start solver'],
    ['selectRarity', 'Please select a rarity'],
    ['selectBothAccounts', 'Select both buyer and seller account'],
    ['sameBuyerAndSeller', 'Buyer and seller cannot be the same account'],
    ['selectSeller', 'Select seller account'],
    ['selectBuyer', 'Select buyer account'],
    ['noFilterSelected', 'No filter selected'],
    ['unableToRetrievePlayer', 'Unable to retrieve player data'],
  ])('%s reads %j', (key, text) => {
    expect(messages[key]).toBe(text);
  });
});

// 000 §5 lists zod 3's own texts ('Required', 'Expected X, received Y', ...) as the original's
// defaults; issue 26 found them unreadable, so rules without the spec's own text speak plainly
// (docs/decisions/validation-messages.md).
describe("plain messages for rules without the spec's own text", () => {
  const check = (schema: z.ZodTypeAny, input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? '' : firstIssueMessage(result.error);
  };

  it.each<[string, string, z.ZodTypeAny, unknown]>([
    ['a missing field', 'Email is required', z.object({ email: z.string() }), {}],
    ['an empty number field', 'Coins is required', z.object({ coins: z.number() }), { coins: null }],
    [
      'text in a number field',
      'Buy now price must be a number',
      z.object({ buyNowPrice: z.number() }),
      { buyNowPrice: 'x' },
    ],
    [
      'a short string',
      'Password must be at least 8 characters long',
      z.object({ password: z.string().min(8) }),
      { password: 'abc' },
    ],
    ['an empty required string', 'Label is required', z.object({ label: z.string().min(1) }), { label: '' }],
    [
      'a number above its bound',
      'Item id must be 2,147,483,647 or less',
      z.object({ itemId: z.number().int().max(2_147_483_647) }),
      { itemId: 100_000_042_962 },
    ],
    [
      'a number below its bound',
      'Coins must be more than 0',
      z.object({ coins: z.number().positive() }),
      { coins: 0 },
    ],
    [
      'an invalid e-mail',
      'Email must be a valid e-mail address',
      z.object({ email: z.string().email() }),
      { email: 'x' },
    ],
    [
      'a value outside a list',
      'Platform must be one of: pc, ps',
      z.object({ platform: z.enum(['pc', 'ps']) }),
      { platform: 'wii' },
    ],
    [
      'text where a group of fields belongs',
      'Filter must be an object',
      z.object({ filter: z.object({ id: z.string() }) }),
      { filter: 'not an object' },
    ],
    [
      'a union no branch accepts',
      'Value is not valid',
      z.object({ value: z.union([z.string(), z.number()]) }),
      { value: true },
    ],
  ])('%s reads %j', (_case, message, schema, input) => {
    expect(check(schema, input)).toBe(message);
  });

  it("keeps a rule's own message (the spec's sentences)", () => {
    expect(check(z.string().min(8, 'Backup code must be 8 characters long'), 'abc')).toBe(
      'Backup code must be 8 characters long',
    );
  });

  it("never shows zod's raw texts for a pile card whose id is neither text nor a number", () => {
    expect(check(pileItemSchema, { id: true })).toBe('Id is not valid');
  });

  it("keeps a rule's own text verbatim after the label", () => {
    const parsed = z
      .object({ maxPrice: z.number().positive('Max price must be greater than min price') })
      .safeParse({ maxPrice: 0 });
    expect(parsed.success ? '' : firstIssueWithField(parsed.error, { maxPrice: 'Max Buy Now Price' })).toBe(
      'Max Buy Now Price: Max price must be greater than min price',
    );
  });

  it("keeps a rule's own text alone where the form asks for it, and still names an unnamed field", () => {
    const range = z
      .object({ min: z.object({ value: z.number() }), max: z.object({ value: z.number() }) })
      .refine((r) => r.max.value > r.min.value, {
        path: ['max', 'value'],
        message: 'Max value must be greater than min value',
      });
    const labels = { 'min.value': 'Sniping Duration min', 'max.value': 'Sniping Duration max' };
    const reversed = range.safeParse({ min: { value: 5 }, max: { value: 1 } });
    expect(
      reversed.success ? '' : firstIssueWithField(reversed.error, labels, { keepRuleMessages: true }),
    ).toBe('Max value must be greater than min value');
    const emptied = range.safeParse({ min: { value: Number.NaN }, max: { value: 1 } });
    expect(
      emptied.success ? '' : firstIssueWithField(emptied.error, labels, { keepRuleMessages: true }),
    ).toBe('Sniping Duration min must be a number');
  });

  it("names the field by the form's label when the schema calls it otherwise", () => {
    const parsed = z
      .object({ player: z.object({ value: z.number() }) })
      .safeParse({ player: { value: null } });
    expect(parsed.success ? '' : firstIssueWithField(parsed.error, { 'player.value': 'Buy Now Price' })).toBe(
      'Buy Now Price is required',
    );
  });
});
