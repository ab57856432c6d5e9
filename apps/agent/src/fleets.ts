import type { SessionStart } from '@tradedesk/domain/realtime';
import { FleetSetupError, SnipeFleet, type FleetMember } from '@tradedesk/engine';

interface RunningFleet {
  readonly fleet: SnipeFleet;
  /** The accounts as the fleet's first part named them (every part must name the same). */
  readonly key: string;
  readonly joined: Set<string>;
  readonly running: Set<string>;
}

const keyOf = (accountIds: readonly string[]) => [...accountIds].sort().join('\n');

/**
 * The fleets this agent runs: the parts of one fleet (session starts naming one fleet id) share
 * one `SnipeFleet`, made by the first part to start and forgotten once every part ended.
 */
export class FleetRegistry {
  private readonly fleets = new Map<string, RunningFleet>();

  /**
   * The fleet member a start runs as (undefined for an account running alone). Throws
   * FleetSetupError, with nothing changed, for a start that does not fit its fleet.
   */
  join(command: Pick<SessionStart, 'accountId' | 'fleet'>): FleetMember | undefined {
    const { fleet: part, accountId } = command;
    if (part === undefined) return undefined;
    if (!part.accountIds.includes(accountId))
      throw new FleetSetupError(`Account ${accountId} is not in this fleet`);
    let running = this.fleets.get(part.id);
    if (running !== undefined && running.key !== keyOf(part.accountIds))
      throw new FleetSetupError('This fleet was started with other accounts');
    if (running?.joined.has(accountId) === true)
      throw new FleetSetupError(`Account ${accountId} already ran in this fleet`);
    if (running === undefined) {
      running = {
        fleet: new SnipeFleet(part.accountIds),
        key: keyOf(part.accountIds),
        joined: new Set(),
        running: new Set(),
      };
      this.fleets.set(part.id, running);
    }
    running.joined.add(accountId);
    running.running.add(accountId);
    return running.fleet.member(accountId);
  }

  /** A part ended (or never started): the fleet is forgotten once none of its parts runs. */
  leave(command: Pick<SessionStart, 'accountId' | 'fleet'>): void {
    const { fleet: part, accountId } = command;
    if (part === undefined) return;
    const running = this.fleets.get(part.id);
    if (running === undefined || !running.running.delete(accountId)) return;
    running.fleet.member(accountId).leave();
    if (running.running.size === 0) this.fleets.delete(part.id);
  }

  /** Fleets with a part running. */
  get size(): number {
    return this.fleets.size;
  }
}
