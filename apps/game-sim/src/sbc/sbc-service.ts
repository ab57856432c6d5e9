import {
  decodeEligibility,
  evaluateRequirements,
  formationSlots,
  squadChemistry,
  squadRating,
  type SbcSquad,
} from '@tradedesk/domain';
import { gameErrors } from '../core/errors.js';
import type { Account } from '../world/types.js';
import type { World } from '../world/world.js';
import { buildSets } from './catalog.js';
import type { Award, ChallengeDef, SetDef } from './definitions.js';
import { encodeRequirements, groupsOf, type Requirement } from './requirements.js';

export type ChallengeStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED';

interface ChallengeProgress {
  status: ChallengeStatus;
  /** Item id per starting slot (0 = empty). */
  slots: number[];
  timesCompleted: number;
}

export interface SquadView {
  rating: number;
  chemistry: number;
  slotChemistry: number[];
  slots: number[];
}

/** SBC sets, per-account progress, squad saving and submission checked by the real rules. */
export class SbcService {
  readonly sets: SetDef[];
  private readonly progress = new Map<string, ChallengeProgress>();
  private readonly setCompletions = new Map<string, number>();

  constructor(private readonly world: World) {
    this.sets = buildSets(world);
  }

  challenge(challengeId: number): ChallengeDef {
    const found = this.sets
      .flatMap((set) => set.challenges)
      .find((challenge) => challenge.challengeId === challengeId);
    if (!found) throw gameErrors.notFound(`challenge ${challengeId}`);
    return found;
  }

  set(setId: number): SetDef {
    const found = this.sets.find((set) => set.setId === setId);
    if (!found) throw gameErrors.notFound(`set ${setId}`);
    return found;
  }

  progressOf(account: Account, challengeId: number): ChallengeProgress {
    const key = `${account.id}:${challengeId}`;
    let entry = this.progress.get(key);
    if (!entry) {
      entry = { status: 'NOT_STARTED', slots: Array<number>(11).fill(0), timesCompleted: 0 };
      this.progress.set(key, entry);
    }
    return entry;
  }

  setTimesCompleted(account: Account, setId: number): number {
    return this.setCompletions.get(`${account.id}:${setId}`) ?? 0;
  }

  start(account: Account, challengeId: number): ChallengeProgress {
    const challenge = this.challenge(challengeId);
    const set = this.set(challenge.setId);
    if (!set.repeatable && this.setTimesCompleted(account, set.setId) > 0)
      throw gameErrors.permissionDenied('set already completed');
    const entry = this.progressOf(account, challengeId);
    if (entry.status !== 'IN_PROGRESS') entry.status = 'IN_PROGRESS';
    return entry;
  }

  /** PUT squad: places owned club items (dream items and items outside the club are refused). */
  saveSquad(
    account: Account,
    challengeId: number,
    players: readonly { index: number; id: number; dream: boolean }[],
  ): void {
    const entry = this.start(account, challengeId);
    const slots = Array<number>(11).fill(0);
    for (const player of players) {
      if (player.index > 10 || player.id === 0) continue;
      if (player.dream) throw gameErrors.permissionDenied('concept players cannot be used');
      const item = this.world.items.get(player.id);
      if (!item || item.ownerId !== account.id || item.place !== 'club')
        throw gameErrors.permissionDenied(`item ${player.id} is not in your club`);
      if (slots.includes(player.id)) throw gameErrors.invalidBid(`item ${player.id} is placed twice`);
      slots[player.index] = player.id;
    }
    entry.slots = slots;
  }

  view(account: Account, challengeId: number): SquadView {
    const entry = this.progressOf(account, challengeId);
    const squad = this.squadOf(challengeId, entry.slots);
    const chemistry = squadChemistry(squad);
    return {
      rating: squadRating(squad),
      chemistry: chemistry.total,
      slotChemistry: [...chemistry.perSlot],
      slots: entry.slots,
    };
  }

  /**
   * Requirements the saved squad does not meet (the shared SBC rules of @tradedesk/domain); for
   * an OR challenge none when any one is met.
   */
  unmet(account: Account, challengeId: number): Requirement[] {
    const challenge = this.challenge(challengeId);
    const squad = this.squadOf(challengeId, this.progressOf(account, challengeId).slots);
    // One decoded requirement per encoded slot, in the same order.
    const results = evaluateRequirements(
      squad,
      decodeEligibility(encodeRequirements(challenge.requirements)),
    );
    const unmet = challenge.requirements.filter((_requirement, index) => results[index]?.met !== true);
    const anyMet = unmet.length < challenge.requirements.length;
    return challenge.operation === 'OR' && anyMet ? [] : unmet;
  }

  /** Submits: checks the squad, consumes its items and grants the awards to unassigned. */
  submit(
    account: Account,
    challengeId: number,
  ): { challenge: ChallengeDef; granted: Award[]; setGranted: Award[] } {
    const challenge = this.challenge(challengeId);
    const entry = this.progressOf(account, challengeId);
    if (entry.status !== 'IN_PROGRESS') throw gameErrors.permissionDenied('challenge not started');
    if (entry.slots.some((id) => id === 0)) throw gameErrors.invalidBid('the squad needs 11 players');
    for (const id of entry.slots) {
      const item = this.world.items.get(id);
      if (!item || item.ownerId !== account.id || item.place !== 'club')
        throw gameErrors.permissionDenied(`item ${id} is no longer in your club`);
    }
    const unmet = this.unmet(account, challengeId);
    if (unmet.length > 0) throw gameErrors.requirementsNotMet(unmet.map((requirement) => requirement.key));
    for (const id of entry.slots) {
      account.club.delete(id);
      this.world.items.delete(id);
    }
    entry.status = 'COMPLETED';
    entry.timesCompleted += 1;
    entry.slots = Array<number>(11).fill(0);
    this.grant(account, challenge.awards);
    const set = this.set(challenge.setId);
    const allDone = set.challenges.every(
      (other) => this.progressOf(account, other.challengeId).status === 'COMPLETED',
    );
    let setGranted: Award[] = [];
    if (allDone) {
      const key = `${account.id}:${set.setId}`;
      this.setCompletions.set(key, (this.setCompletions.get(key) ?? 0) + 1);
      this.grant(account, set.awards);
      setGranted = set.awards;
      if (set.repeatable)
        for (const other of set.challenges)
          this.progressOf(account, other.challengeId).status = 'NOT_STARTED';
    }
    return { challenge, granted: challenge.awards, setGranted };
  }

  private grant(account: Account, awards: readonly Award[]): void {
    for (const award of awards) {
      if (award.type === 'coins')
        this.world.ledger.transfer(
          'issuer',
          account,
          award.value * award.count,
          'sbc-award',
          this.world.now(),
        );
      else {
        const cardIndex = this.world.cardIndexByDefinition.get(award.value);
        if (cardIndex === undefined) continue;
        for (let copy = 0; copy < award.count; copy += 1)
          account.unassigned.push(
            this.world.newItem(cardIndex, account.id, 'unassigned', award.untradeable).id,
          );
      }
    }
  }

  /** The saved slots as the domain's SBC squad: the club items' cards in the formation's slots. */
  private squadOf(challengeId: number, slots: readonly number[]): SbcSquad {
    const challenge = this.challenge(challengeId);
    return {
      positions: formationSlots(challenge.formation),
      slots: slots.map((id) => {
        const item = id ? this.world.items.get(id) : undefined;
        if (!item) return null;
        const card = this.world.card(item.cardIndex);
        return { ...card, groups: groupsOf(card), untradeable: item.untradeable };
      }),
    };
  }
}

const services = new WeakMap<World, SbcService>();

/** The SBC state of a world (created on first use). */
export function sbcOf(world: World): SbcService {
  let service = services.get(world);
  if (!service) {
    service = new SbcService(world);
    services.set(world, service);
  }
  return service;
}
