/** Subscription tiers (spec §3 enumerations). */
export type Tier = 'None' | 'Snipe' | 'Transfer';
