/** The player data module: the public price database API, its service and the name check. */
export { playerDataModule, type PriceDatabaseOptions } from './plugin.js';
export { createPlayerDataService, type PlayerDataService, type PlayerDataSettings } from './service.js';
export { ensureCatalogue } from './catalogue-sync.js';
export { isKnownPlayerId, isKnownPlayerName } from './known-player.js';
export { playerRecord } from './player-record.js';
