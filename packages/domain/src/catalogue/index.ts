/**
 * Node-only entry `@tradedesk/domain/catalogue`: the 18,547-card FC 25 catalogue
 * (data/players.json). Kept out of the main entry so the web bundle never carries it.
 */
// Its schemas speak plainly here too (the error map installs with the errors module).
import '../errors.js';
import { readFileSync } from 'node:fs';
import { Catalogue } from './catalogue.js';

export { Catalogue, type NameSearchOptions } from './catalogue.js';
export {
  catalogueRowSchema,
  foldName,
  gameOrderName,
  searchableNames,
  type CatalogueCard,
  type CatalogueRow,
} from './card.js';
export { sbcCardOf, type ClubCard, type SbcCatalogueCard } from './sbc-card.js';

const PLAYERS_FILE = new URL('../../data/players.json', import.meta.url);

let loaded: Catalogue | undefined;

/** The catalogue, read and validated on first use, then kept. */
export function loadCatalogue(): Catalogue {
  loaded ??= Catalogue.fromRows(JSON.parse(readFileSync(PLAYERS_FILE, 'utf8')) as unknown);
  return loaded;
}
