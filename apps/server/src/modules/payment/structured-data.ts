import type { ProductType } from '@tradedesk/domain';
import type { Catalogue, CatalogueProduct } from './catalogue.js';

/** The products each prerendered plans page lists (as its components filter the catalogue). */
const productTypesByPage: Readonly<Record<string, ReadonlySet<ProductType>>> = {
  '/subscription': new Set(['snipe', 'multi_rarity', 'transfer', 'credit', 'licence', 'other']),
  '/coins': new Set(['coin']),
  '/vps': new Set(['vps']),
};

/** Catalogue prices are in cents; schema.org wants the amount ("24.99"). */
const amount = (cents: number) => (cents / 100).toFixed(2);

function productData(product: CatalogueProduct, currency: string, pageUrl: string) {
  return {
    '@type': 'Product',
    sku: product.id,
    name: product.name,
    description: product.description,
    brand: { '@type': 'Brand', name: 'Trade Desk' },
    offers: {
      '@type': 'Offer',
      price: amount(product.price.value),
      priceCurrency: currency.toUpperCase(),
      availability: 'https://schema.org/InStock',
      url: pageUrl,
    },
  };
}

/**
 * schema.org Product/Offer data of a plans page (`pagePath`) from the catalogue the server runs
 * with (the operator's prices, so not known at build time); undefined for any other page or a
 * page with nothing on sale. Products listed as "Coming soon" are not offered.
 */
export function plansStructuredData(
  catalogue: Catalogue,
  pagePath: string,
  origin: string,
): Record<string, unknown> | undefined {
  const types = productTypesByPage[pagePath];
  if (!types) return undefined;
  const onSale = catalogue.products.filter((product) => types.has(product.type) && product.isAvailable);
  if (onSale.length === 0) return undefined;
  return {
    '@context': 'https://schema.org',
    '@graph': onSale.map((product) => productData(product, catalogue.currency, `${origin}${pagePath}`)),
  };
}
