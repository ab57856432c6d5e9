import { useQueryClient } from '@tanstack/react-query';
import {
  solverStartingMessage,
  successMessages,
  type SbcAccountSolutionView,
  type SbcClubView,
  type SolverStart,
} from '@tradedesk/domain';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import { accountsQueryKey } from '../../../common/accounts';
import { isWebHubMessage, useWebHub, webHubPaths } from '../../../common/live';
import { useUser } from '../../../common/user';
import { accountClubQueryKey, accountSolutionQueryKey, allClubsQueryKey } from '../api/account-club';
import { challengesQueryKey, sbcStatisticsQueryKey } from '../api/sbc-api';

/** What one account's solver did, newest last, and whether it is running. */
export interface SolverProgress {
  isRunning: boolean;
  steps: { text: string; tone: 'info' | 'success' | 'error' }[];
}

type SolverMessageData = { accountId?: string; description?: string; costs?: number };
const isMessage = (payload: unknown) => isWebHubMessage<SolverMessageData>(payload);

const MAX_STEPS = 50;
const notConnected = 'Not connected to the server; try again in a moment';

/** SBC_CLUB: an account's club read ended (its cards are then read over HTTP). */
const clubReadSchema = z.discriminatedUnion('ok', [
  z.object({ accountId: z.string(), ok: z.literal(true), cards: z.number().int().nonnegative() }),
  z.object({ accountId: z.string(), ok: z.literal(false), description: z.string() }),
]);

/** SBC_SQUAD: a better squad for an account's challenge (a cheaper one, or a tighter bound or a proof). */
const betterSquadSchema = z.object({
  accountId: z.string().min(1).max(64),
  challengeId: z.string().min(1).max(64),
  platform: z.string().max(8),
  createdAt: z.string().max(40),
  cost: z.number().finite().nonnegative(),
  proof: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('optimal') }),
    z.object({ kind: z.literal('bounded'), lowerBound: z.number().finite(), gap: z.number().finite() }),
  ]),
  players: z
    .array(
      z.object({
        definitionId: z.number().int(),
        position: z.string().max(8),
        slot: z.number().int(),
        price: z.number().finite(),
        chemistry: z.number().int(),
        clubId: z.number().int(),
        nationId: z.number().int(),
        leagueId: z.number().int(),
        rating: z.number().int(),
        name: z.string().max(200),
        owned: z.boolean(),
      }),
    )
    .max(11),
});

const stepToneSchema = z.enum(['info', 'success', 'error']);
/** SBC_RUNS (on join): the user's running solver runs with their steps so far. */
const runningRunsSchema = z.array(
  z.object({
    accountId: z.string(),
    steps: z.array(z.object({ text: z.string(), tone: stepToneSchema })).max(500),
  }),
);

/**
 * The progress a page that (re)connects starts from: each running run's steps as the server kept
 * them (a reload shows the run where it is), and any finished run's lines this page saw already.
 */
export function progressAfterJoin(
  current: Readonly<Record<string, SolverProgress>>,
  runs: unknown,
): Record<string, SolverProgress> {
  const parsed = runningRunsSchema.safeParse(runs);
  if (!parsed.success) return { ...current };
  const next: Record<string, SolverProgress> = {};
  for (const [accountId, progress] of Object.entries(current))
    next[accountId] = { ...progress, isRunning: false };
  for (const run of parsed.data)
    next[run.accountId] = { isRunning: true, steps: run.steps.slice(-MAX_STEPS) };
  return next;
}

/**
 * The solver's live connection: the tier's web hub (`/client/snipe` or `/client/transfer`, spec 001
 * §6; the shared connection of shared/live), its SBC_NOTIFICATION / SBC_FINISH_SOLVER / ERROR events
 * per account, SBC_CLUB (a club read ended), SBC_SQUAD (a better squad for an account's challenge),
 * and the start / stop / read-club actions (the notifications the server keeps of a run's end are
 * the bell's: useLiveNotifications). After a dropped connection the join answers SBC_RUNS again
 * and the page reads its challenges, clubs (with their squads), accounts and statistics again: a
 * club read, a run or a better squad may have come meanwhile.
 */
export function useSbcLive() {
  const queryClient = useQueryClient();
  const user = useUser();
  const path =
    user.data === undefined ? null : user.data.tier === 'transfer' ? webHubPaths.transfer : webHubPaths.snipe;
  const [progress, setProgress] = useState<Record<string, SolverProgress>>({});
  // Starts and club reads sent and not answered yet, oldest first. The hub's refusal (`error`)
  // names no action: it answers the oldest, so a refused start shows why in its row instead of
  // 'Starting the solver…' for good.
  const awaiting = useRef<Array<{ kind: 'start' | 'read'; accountId: string }>>([]);
  const answered = (kind: 'start' | 'read', accountId: string) => {
    const index = awaiting.current.findIndex((entry) => entry.kind === kind && entry.accountId === accountId);
    if (index >= 0) awaiting.current.splice(index, 1);
  };

  const record = (accountId: string, text: string, tone: 'info' | 'success' | 'error', isRunning: boolean) =>
    setProgress((current) => {
      const steps = [...(current[accountId]?.steps ?? []), { text, tone }].slice(-MAX_STEPS);
      return { ...current, [accountId]: { isRunning, steps } };
    });
  /** After a run ended; with its account, that club too: its submitted squads' cards left it. */
  const refresh = (accountId?: string) => {
    if (accountId !== undefined)
      void queryClient.invalidateQueries({ queryKey: accountClubQueryKey(accountId) });
    void queryClient.invalidateQueries({ queryKey: sbcStatisticsQueryKey });
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: challengesQueryKey });
  };

  const hub = useWebHub(path, {
    onMessage: (payload) => {
      if (!isMessage(payload)) return;
      if (payload.action === 'SBC_RUNS') {
        // Its data is the runs list, read by its own schema.
        setProgress((current) => progressAfterJoin(current, payload.data));
        return;
      }
      if (payload.action === 'SBC_SQUAD') {
        // The squad shown gets better while the page is open: no reload, no refetch.
        const better = betterSquadSchema.safeParse(payload.data);
        if (!better.success) return;
        const squad = better.data as SbcAccountSolutionView;
        queryClient.setQueryData(accountSolutionQueryKey(squad.accountId, squad.challengeId), squad);
        return;
      }
      // The server's record of a run that ended is the bell's (its own listener keeps it); this
      // page toasts SBC_FINISH_SOLVER / ERROR itself.
      if (payload.action === 'notification') return;
      if (payload.action === 'SBC_CLUB') {
        const read = clubReadSchema.safeParse(payload.data);
        if (!read.success) return;
        const outcome = read.data;
        answered('read', outcome.accountId);
        // Told once the page shows the club (and its squads): a Start Solver clicked on seeing
        // "Club read" is no longer held back by the read, and shows what the run uses.
        void queryClient
          .invalidateQueries({ queryKey: accountClubQueryKey(outcome.accountId) })
          .then(() =>
            outcome.ok
              ? notify.success(`Club read: ${outcome.cards} players`)
              : notify.error(outcome.description),
          );
        return;
      }
      const { accountId, description } = payload.data;
      if (!accountId) return;
      answered('start', accountId);
      if (payload.action === 'SBC_NOTIFICATION' && description) {
        const stopped = description === successMessages.solverStopped;
        const started = description === successMessages.solverStarted;
        record(accountId, description, stopped || started ? 'success' : 'info', !stopped);
        if (started || stopped) notify.success(description);
        if (stopped) refresh(accountId);
      } else if (payload.action === 'SBC_FINISH_SOLVER' && description) {
        record(accountId, description, 'success', false);
        notify.success(description);
        refresh(accountId);
      } else if (payload.action === 'ERROR' && description) {
        record(accountId, description, 'error', false);
        notify.error(description);
        refresh(accountId);
      }
    },
    onError: (payload) => {
      const description = (payload as { description?: unknown } | null)?.description;
      const refused = awaiting.current.shift();
      if (typeof description === 'string' && description) {
        notify.error(description);
        if (refused?.kind === 'start') record(refused.accountId, description, 'error', false);
      }
      // A refused Read club leaves the club as the server has it (see readClub).
      void queryClient.invalidateQueries({ queryKey: allClubsQueryKey });
    },
    onResync: () => {
      // Answers to what was sent before the reconnect may be lost: none is waited for any more.
      awaiting.current = [];
      refresh();
      void queryClient.invalidateQueries({ queryKey: allClubsQueryKey });
    },
  });

  return {
    progress,
    start(payload: SolverStart): boolean {
      const sent = hub.send('SBC_START_SOLVER', payload);
      if (sent) {
        // The server fits the squad to the account's club before the run starts (seconds, or a
        // minute while the catalogue solves): the row says so meanwhile.
        record(payload.account.id, solverStartingMessage, 'info', false);
        awaiting.current.push({ kind: 'start', accountId: payload.account.id });
        void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      } else notify.error(notConnected);
      return sent;
    },
    stop(accountId: string): boolean {
      return hub.send('SBC_STOP_SOLVER', { id: accountId });
    },
    /**
     * "Read club": the agent reads the account's club; SBC_CLUB tells when it is stored. The club
     * shows as reading at once (Read club and Start Solver wait): a refetch now could answer before
     * the server recorded the read. SBC_CLUB or a refusal reads it again.
     */
    readClub(accountId: string): boolean {
      const sent = hub.send('SBC_READ_CLUB', { id: accountId });
      if (sent) awaiting.current.push({ kind: 'read', accountId });
      if (sent)
        queryClient.setQueryData<SbcClubView>(accountClubQueryKey(accountId), (club) =>
          club ? { ...club, isReading: true } : club,
        );
      else notify.error(notConnected);
      return sent;
    },
  };
}
