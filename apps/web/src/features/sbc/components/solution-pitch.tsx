import { formatCoins } from '@tradedesk/domain';
import { sbcImages, type SbcSolutionPlayer, type SbcSolutionView } from '../api/sbc-api';

/** Pitch lines from the goal up; a slot's position code says which line it stands on. */
const LINES: readonly (readonly string[])[] = [
  ['ST', 'LS', 'RS', 'CF', 'LF', 'RF', 'LW', 'RW'],
  ['CAM', 'LAM', 'RAM', 'LM', 'RM', 'CM', 'LCM', 'RCM', 'CDM', 'LDM', 'RDM'],
  ['LB', 'LWB', 'CB', 'LCB', 'RCB', 'RB', 'RWB'],
  ['GK'],
];

function lineOf(position: string): number {
  const index = LINES.findIndex((line) => line.includes(position));
  return index === -1 ? 1 : index;
}

function PlayerSpot({ player }: { player: SbcSolutionPlayer }) {
  return (
    <li
      className="flex w-24 flex-col items-center gap-0.5 text-center text-xs"
      aria-label={`${player.position} ${player.name}`}
    >
      <img src={sbcImages.player(player.definitionId)} alt="" className="h-20" loading="lazy" />
      <span className="font-semibold">{player.name}</span>
      <span>
        {player.position} · {player.rating}
      </span>
      <span aria-label="Price">{formatCoins(player.price, false)}</span>
      <span aria-label="Chemistry">Chem {player.chemistry}</span>
      {/* Solutions come from the market; the bot uses a copy the account owns first. */}
      <span className="badge badge-sm badge-warning">To buy</span>
    </li>
  );
}

/** The squad of a solution on a pitch, each player with price, chemistry and whether it is bought. */
export function SolutionPitch({ solution }: { solution: SbcSolutionView }) {
  const lines = LINES.map((_, index) =>
    solution.players.filter((player) => lineOf(player.position) === index),
  );
  return (
    <section aria-label="Solution" className="flex flex-col gap-2">
      <p className="font-semibold">
        Cost: <span aria-label="Solution cost">{formatCoins(solution.cost, false)}</span> coins
        <span className="ml-2 text-sm opacity-70">
          {solution.proof.kind === 'optimal'
            ? '(proven cheapest)'
            : `(at most ${formatCoins(solution.proof.gap, false)} above the cheapest possible)`}
        </span>
      </p>
      <div className="flex flex-col gap-3 rounded-box bg-success/20 p-3">
        {lines.map((players, index) =>
          players.length === 0 ? null : (
            <ul key={index} className="flex flex-wrap justify-center gap-2">
              {players
                .slice()
                .sort((a, b) => a.slot - b.slot)
                .map((player) => (
                  <PlayerSpot key={player.slot} player={player} />
                ))}
            </ul>
          ),
        )}
      </div>
    </section>
  );
}
