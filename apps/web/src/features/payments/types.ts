import type { Platform, PricePeriod, ProductCategory, ProductType } from '@tradedesk/domain';

/** A catalogue product as GET /api/payment/plans presents it (prices in cents). */
export type CatalogueProduct = {
  id: string;
  name: string;
  description: string;
  type: ProductType;
  category: ProductCategory;
  features: string[];
  price: { id: string; value: number; type: PricePeriod };
  /** The undiscounted price shown struck through. */
  listPrice?: number;
  platform?: Platform;
  maxQuantity: number;
  isAvailable: boolean;
};
