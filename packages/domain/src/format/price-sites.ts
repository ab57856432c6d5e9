/** A player's page on a price site: the site's own id and URL slug. */
export interface PriceSitePlayer {
  readonly id: string | number;
  readonly urlName: string;
}

/** The three price-tracking sites and the address of a player's page on each (desk and add-on). */
export const priceSites = [
  {
    key: 'futbin',
    label: 'FUTBIN',
    url: (site: PriceSitePlayer) => `https://www.futbin.com/25/player/${site.id}/${site.urlName}`,
  },
  {
    key: 'futwiz',
    label: 'FUTWIZ',
    url: (site: PriceSitePlayer) => `https://www.futwiz.com/en/fc25/player/${site.urlName}/${site.id}`,
  },
  {
    key: 'futgg',
    label: 'FUT.GG',
    url: (site: PriceSitePlayer) => `https://www.fut.gg/players/${site.id}-${site.urlName}/`,
  },
] as const;
