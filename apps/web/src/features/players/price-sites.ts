import type { PlayerEntry } from './api/get-players-page';

/** The three price-tracking sites and the address of a player's page on each. */
export const priceSites = [
  {
    key: 'futbin',
    label: 'FUTBIN',
    url: (site: PlayerEntry['futbin']) => `https://www.futbin.com/25/player/${site.id}/${site.urlName}`,
  },
  {
    key: 'futwiz',
    label: 'FUTWIZ',
    url: (site: PlayerEntry['futwiz']) => `https://www.futwiz.com/en/fc25/player/${site.urlName}/${site.id}`,
  },
  {
    key: 'futgg',
    label: 'FUT.GG',
    url: (site: PlayerEntry['futgg']) => `https://www.fut.gg/players/${site.id}-${site.urlName}/`,
  },
] as const;
