import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  platformSchema,
  productCategoryOf,
  productSchema,
  tierSchema,
  type Platform,
  type ProductCategory,
} from '@tradedesk/domain';
import { z } from 'zod';

/** What a paid order of one unit gives the buyer. */
const grantsSchema = z
  .object({
    tier: tierSchema.exclude(['none']).optional(),
    credits: z.number().int().min(1).max(100_000).optional(),
    /** Extra accounts that may run at once. */
    licences: z.number().int().min(1).max(100).optional(),
  })
  .strict();

const catalogueProductSchema = productSchema
  .extend({
    price: productSchema.shape.price.extend({ value: z.number().int().min(0).max(10_000_000) }),
    grants: grantsSchema.default({}),
    platform: platformSchema.optional(),
    /** The undiscounted unit price shown struck through (coins). */
    listPrice: z.number().int().min(0).optional(),
    /** Largest quantity one checkout may buy; plans are always 1. */
    maxQuantity: z.number().int().min(1).max(100).default(1),
    /** Listed but not sold online yet ('Coming soon!'). */
    isAvailable: z.boolean().default(true),
  })
  .strict()
  .superRefine((product, issue) => {
    if (product.type === 'coin' && !product.platform)
      issue.addIssue({ code: 'custom', message: `${product.id}: a coin product needs a platform` });
    const isPlan = product.grants.tier !== undefined;
    if (isPlan && product.maxQuantity !== 1)
      issue.addIssue({ code: 'custom', message: `${product.id}: a plan is bought one at a time` });
  });

/** The operator's catalogue file: versioned, validated once at start. */
export const catalogueFileSchema = z
  .object({
    version: z.literal(1),
    currency: z.literal('eur'),
    referral: z.object({
      discountRate: z.number().min(0).max(0.9),
      /** Credits the code's owner receives for each paid order that used it. */
      referrerCredits: z.number().int().min(0).max(10_000),
    }),
    products: z.array(catalogueProductSchema).min(1),
  })
  .superRefine((file, issue) => {
    const seen = new Set<string>();
    for (const product of file.products) {
      for (const id of [product.id, product.price.id]) {
        if (seen.has(id)) issue.addIssue({ code: 'custom', message: `Duplicate product or price id ${id}` });
        seen.add(id);
      }
    }
  });

export type Catalogue = z.infer<typeof catalogueFileSchema>;
export type CatalogueProduct = Catalogue['products'][number];

export const defaultCatalogueFile = fileURLToPath(new URL('./catalogue.json', import.meta.url));

/** Reads and validates the catalogue; a bad file stops the start with every problem named. */
export function loadCatalogue(file: string = defaultCatalogueFile): Catalogue {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const parsed = catalogueFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`,
    );
    throw new Error(`Invalid catalogue ${file}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** The product as GET /payment/plans shows it (the domain Product plus its page category). */
export function presentProduct(product: CatalogueProduct) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    type: product.type,
    category: productCategoryOf(product.type) satisfies ProductCategory,
    features: product.features,
    price: product.price,
    ...(product.listPrice === undefined ? {} : { listPrice: product.listPrice }),
    ...(product.platform ? { platform: product.platform } : {}),
    maxQuantity: product.maxQuantity,
    isAvailable: product.isAvailable,
  };
}

/** GET /payment/coins: per platform, the product to buy and its price per 100,000 coins. */
export function presentCoinPrices(catalogue: Catalogue) {
  const prices: Partial<Record<Platform, ReturnType<typeof presentProduct>>> = {};
  for (const product of catalogue.products) {
    if (product.type === 'coin' && product.platform && product.isAvailable)
      prices[product.platform] = presentProduct(product);
  }
  return prices;
}

/**
 * What the catalogue's public reads answer (their `data`), by address: the plans pages read them,
 * and the web build prerenders those pages with the bundled catalogue's answers
 * (`scripts/catalogue-answers.ts`). The server sends that HTML only while it answers the same.
 */
export function catalogueAnswers(catalogue: Catalogue): Readonly<Record<string, unknown>> {
  return {
    '/api/payment/plans': catalogue.products.map(presentProduct),
    '/api/payment/coins': presentCoinPrices(catalogue),
  };
}
