import { useAccountSolution } from '../api/account-club';
import type { SbcSolutionView } from '@tradedesk/domain';
import { SolutionPitch } from './solution-pitch';

/**
 * A challenge's squad: with `clubAccountId` (the viewed account, its club read) the squad built
 * from that account's cards first, each marked owned or to buy; otherwise, and until that squad
 * is solved, the stored market solution (every card to buy), when the challenge has one.
 */
export function ChallengeSquad({
  challengeId,
  solution,
  clubAccountId,
}: {
  challengeId: string;
  solution: SbcSolutionView | undefined;
  clubAccountId: string | undefined;
}) {
  const accountSquad = useAccountSolution(clubAccountId, challengeId);
  if (clubAccountId === undefined) return solution ? <SolutionPitch solution={solution} /> : null;
  if (accountSquad.data) return <SolutionPitch solution={accountSquad.data} />;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm opacity-70" role="status">
        {accountSquad.isError
          ? solution
            ? "No squad from the account's club; the market's cheapest squad:"
            : "No squad from the account's club."
          : "Building the squad from the account's club…"}
      </p>
      {solution && <SolutionPitch solution={solution} />}
    </div>
  );
}
