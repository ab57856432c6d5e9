import { formatCoins } from '@tradedesk/domain';
import type { SbcSolutionPlayer, SbcSolutionView } from '@tradedesk/domain';
import { sbcImages } from '../api/sbc-api';
import { proofText } from './proof-text';

/** A squad to show: a stored solution, or an account's squad whose players say which are owned. */
export type SbcSquadView = Pick<SbcSolutionView, 'cost' | 'proof'> & {
  players: (SbcSolutionPlayer & { owned?: boolean })[];
};

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

/**
 * Where a position stands across the pitch as the user looks at it (attacking up): left wing 0 to
 * right wing 4. The game numbers a formation's slots right side first, so slot order put RW and
 * RB on the left of the pitch.
 */
const ACROSS: readonly (readonly string[])[] = [
  ['LW', 'LM', 'LB', 'LWB'],
  ['LF', 'LS', 'LAM', 'LCM', 'LDM', 'LCB'],
  [],
  ['RF', 'RS', 'RAM', 'RCM', 'RDM', 'RCB'],
  ['RW', 'RM', 'RB', 'RWB'],
];
const acrossOf = (position: string) => {
  const index = ACROSS.findIndex((column) => column.includes(position));
  return index === -1 ? 2 : index; // central: GK, CB, CDM, CM, CAM, ST, CF
};

function PlayerSpot({ player }: { player: SbcSquadView['players'][number] }) {
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
      {/* An owned card's price is what it would sell for (the solver spends it at that value); said
          in words, as a bare number under an owned card read as a price to pay. */}
      <span>
        {player.owned ? 'Sells for ' : 'Buy for '}
        <span aria-label={player.owned ? 'Sell value' : 'Price'}>{formatCoins(player.price, false)}</span>
      </span>
      <span aria-label="Chemistry">Chem {player.chemistry}</span>
      {player.owned ? (
        <span className="badge badge-sm badge-success">Owned</span>
      ) : (
        <span className="badge badge-sm badge-warning">To buy</span>
      )}
    </li>
  );
}

/**
 * The squad of a solution on a pitch, each player with price, chemistry and whether the account
 * owns it or it is bought; `cost` is what buying the missing cards costs.
 */
export function SolutionPitch({ solution }: { solution: SbcSquadView }) {
  const lines = LINES.map((_, index) =>
    solution.players.filter((player) => lineOf(player.position) === index),
  );
  return (
    <section aria-label="Solution" className="flex flex-col gap-2">
      <p className="font-semibold">
        Cost: <span aria-label="Solution cost">{formatCoins(solution.cost, false)}</span> coins
        <span className="ml-2 text-sm opacity-70">{proofText(solution.proof)}</span>
      </p>
      {/* A line never wraps (a wrapped back four reads as two lines): a pitch wider than the
          screen, a phone's with five at the back, scrolls sideways as one. */}
      <div className="flex flex-col gap-3 overflow-x-auto rounded-box bg-success/20 p-3">
        {lines.map((players, index) =>
          players.length === 0 ? null : (
            <ul key={index} className="mx-auto flex w-max gap-2">
              {players
                .slice()
                .sort((a, b) => acrossOf(a.position) - acrossOf(b.position) || a.slot - b.slot)
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
