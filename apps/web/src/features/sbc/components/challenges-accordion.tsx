import { clubSquadSolutionId, formatChallengeExpiry, minutesUntil, type ExpiryBand } from '@tradedesk/domain';
import { useState } from 'react';
import type { SbcChallengeView, SbcRewardView } from '@tradedesk/domain';
import { sbcImages } from '../api/sbc-api';
import type { SolutionSelection } from './selection';
import { ChallengeSquad } from './challenge-squad';

/** Shown while the catalogue has not read the game's challenges yet (the list is read again meanwhile). */
export const noChallengesYet = 'Reading the challenges from the game… they appear here by themselves.';

/** Where the solver proved the market holds no squad (e.g. the challenge asks for untradeable cards). */
export const noMarketSquad = (reason: string) => `The market has no squad for this challenge: ${reason}`;

const bandClass: Record<ExpiryBand, string> = {
  hidden: '',
  red: 'text-error',
  warning: 'text-warning',
  neutral: '',
  green: 'text-success',
};

function Expiry({ expiresAt }: { expiresAt: string | null }) {
  const display =
    expiresAt === null
      ? { text: '-', band: 'hidden' as const }
      : formatChallengeExpiry(minutesUntil(Date.parse(expiresAt), Date.now()));
  return (
    <span className={bandClass[display.band]} data-band={display.band} aria-label="Expires in">
      {display.text}
    </span>
  );
}

function Rewards({ rewards }: { rewards: readonly SbcRewardView[] }) {
  if (rewards.length === 0) return null;
  return (
    <ul aria-label="Rewards" className="flex flex-wrap gap-2 text-sm">
      {rewards.map((reward, index) => (
        <li key={index} className="flex items-center gap-1">
          <img
            src={
              reward.type === 'player' && reward.imageId
                ? sbcImages.player(reward.imageId)
                : sbcImages.pack(reward.imageId ?? 'pack')
            }
            alt=""
            className="h-8"
          />
          {reward.name ? (
            <span>
              {reward.name}
              {reward.description ? ` (${reward.description})` : ''}
            </span>
          ) : (
            <span className="opacity-70">Unknown reward, please contact support</span>
          )}
        </li>
      ))}
    </ul>
  );
}

interface AccordionProps {
  challenges: readonly SbcChallengeView[];
  isAdmin: boolean;
  onOpenSolution: (selection: SolutionSelection | null) => void;
  onDelete: (challenge: SbcChallengeView) => void;
  /** The viewed account when its club was read: squads are built from its cards first. */
  clubAccountId?: string | undefined;
}

/**
 * What opening (or "Select solution" in) a challenge selects: its stored solution; for a challenge
 * the market cannot fill, the viewed account's club squad once its club was read; else nothing.
 */
function selectionOf(
  challenge: SbcChallengeView,
  parent: SbcChallengeView | undefined,
  clubAccountId: string | undefined,
): SolutionSelection | null {
  const clubOnly = clubAccountId !== undefined && challenge.unsolvableReason !== undefined;
  const solutionId =
    challenge.solutions[0]?.solutionId ?? (clubOnly ? clubSquadSolutionId(challenge.challengeId) : undefined);
  if (solutionId === undefined) return null;
  return parent
    ? { challengeId: parent.challengeId, subChallengeId: challenge.challengeId, solutionId }
    : { challengeId: challenge.challengeId, solutionId };
}

function ChallengeBody({
  challenge,
  parent,
  onOpenSolution,
  clubAccountId,
}: {
  challenge: SbcChallengeView;
  parent?: SbcChallengeView;
  onOpenSolution: AccordionProps['onOpenSolution'];
  clubAccountId: string | undefined;
}) {
  const solution = challenge.solutions[0];
  const selection = selectionOf(challenge, parent, clubAccountId);
  return (
    <div className="flex flex-col gap-2">
      <Rewards rewards={challenge.rewards} />
      {solution ? (
        <ChallengeSquad
          challengeId={challenge.challengeId}
          solution={solution}
          clubAccountId={clubAccountId}
        />
      ) : challenge.unsolvableReason !== undefined ? (
        <>
          <p className="text-sm opacity-70">{noMarketSquad(challenge.unsolvableReason)}</p>
          {/* Such a challenge asks for the account's own cards: its club squad may fill it. */}
          <ChallengeSquad
            challengeId={challenge.challengeId}
            solution={undefined}
            clubAccountId={clubAccountId}
          />
        </>
      ) : (
        <p className="text-sm opacity-70">The solver is computing the cheapest squad for this challenge…</p>
      )}
      {selection && (
        <button
          type="button"
          className="btn btn-sm btn-outline self-start"
          onClick={() => onOpenSolution(selection)}
        >
          Select solution
        </button>
      )}
    </div>
  );
}

/** The challenges accordion (spec 001 §2): name, image, rewards, expiry; sub-challenges nested. */
export function ChallengesAccordion({
  challenges,
  isAdmin,
  onOpenSolution,
  onDelete,
  clubAccountId,
}: AccordionProps) {
  const [open, setOpen] = useState<string | null>(null);
  const [openSub, setOpenSub] = useState<string | null>(null);
  return (
    <section aria-label="Challenges" className="flex flex-col gap-2">
      {challenges.length === 0 && (
        <p role="status" className="flex items-center gap-2 opacity-80">
          <span className="loading loading-spinner loading-sm" aria-hidden />
          {noChallengesYet}
        </p>
      )}
      {challenges.map((challenge) => {
        const isOpen = open === challenge.challengeId;
        return (
          <div
            key={challenge.challengeId}
            className="rounded-box border border-base-300"
            data-testid="challenge"
          >
            <div className="flex items-center gap-3 p-3">
              <button
                type="button"
                className="flex flex-1 items-center gap-3 text-left"
                aria-expanded={isOpen}
                onClick={() => {
                  setOpen(isOpen ? null : challenge.challengeId);
                  setOpenSub(null);
                  // Opening a challenge view replaces the selected solutions (spec 001 §4).
                  onOpenSolution(isOpen ? null : selectionOf(challenge, undefined, clubAccountId));
                }}
              >
                <img src={sbcImages.challenge(challenge.imageId)} alt="" className="h-10 w-10" />
                <span className="flex-1 font-semibold">{challenge.name}</span>
                <Expiry expiresAt={challenge.expiresAt} />
              </button>
              {isAdmin && challenge.subChallenges.length === 0 && (
                <button type="button" className="btn btn-xs btn-error" onClick={() => onDelete(challenge)}>
                  Delete
                </button>
              )}
            </div>
            {isOpen && (
              <div className="border-t border-base-300 p-3">
                {challenge.subChallenges.length === 0 ? (
                  <ChallengeBody
                    challenge={challenge}
                    onOpenSolution={onOpenSolution}
                    clubAccountId={clubAccountId}
                  />
                ) : (
                  <div className="flex flex-col gap-2">
                    <Rewards rewards={challenge.rewards} />
                    {challenge.subChallenges.map((sub) => {
                      const isSubOpen = openSub === sub.challengeId;
                      return (
                        <div key={sub.challengeId} className="rounded-box border border-base-300">
                          <button
                            type="button"
                            className="flex w-full items-center gap-3 p-2 text-left"
                            aria-expanded={isSubOpen}
                            onClick={() => {
                              setOpenSub(isSubOpen ? null : sub.challengeId);
                              onOpenSolution(isSubOpen ? null : selectionOf(sub, challenge, clubAccountId));
                            }}
                          >
                            <img src={sbcImages.subChallenge(sub.imageId)} alt="" className="h-8 w-8" />
                            <span className="flex-1">{sub.name}</span>
                            <Expiry expiresAt={sub.expiresAt} />
                          </button>
                          {isSubOpen && (
                            <div className="border-t border-base-300 p-2">
                              <ChallengeBody
                                challenge={sub}
                                parent={challenge}
                                onOpenSolution={onOpenSolution}
                                clubAccountId={clubAccountId}
                              />
                            </div>
                          )}
                        </div>
                      );
                    })}
                  </div>
                )}
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
