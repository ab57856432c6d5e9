import { rarityIds, type Rarity } from '@tradedesk/domain';
import { foldName } from '@tradedesk/domain/catalogue';
import type { Db } from '../../db/client.js';
import { ensureCatalogue } from './catalogue-sync.js';
import { searchByName } from './repo.js';

/** True when the price database holds a card of `rarity` whose name or a name word starts with `name`. */
export async function isKnownPlayerName(db: Db, name: string, rarity: Rarity): Promise<boolean> {
  const folded = foldName(name);
  if (folded === '') return false;
  await ensureCatalogue(db);
  const rows = await searchByName(db, folded, rarity === 'any' ? undefined : rarityIds[rarity], 1);
  return rows.length > 0;
}
