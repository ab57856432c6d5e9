import { unnamedPlayer } from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';

/**
 * The player's name for a run event: the engine's own name, unless it had none for the card
 * ('Player 235036'), then the catalogue's name of that definition id. Masked names stay masked.
 */
export function playerNameOf(playerId: number, engineName: string): string {
  if (engineName !== unnamedPlayer(playerId)) return engineName;
  return loadCatalogue().byDefinitionId(playerId)?.name ?? engineName;
}
