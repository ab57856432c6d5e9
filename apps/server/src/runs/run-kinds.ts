import type { RunKind } from '../db/schema-runs.js';

/**
 * What each run kind takes while it runs: a licence slot (the user's `maxAccounts`, counted over
 * every kind that takes one) and an agent slot (the capacity the agent announced, counted the way
 * the agent counts its own work). A sync reads two accounts and takes neither. A marketplace
 * delivery's transfer takes an agent slot (the agent runs it as a transfer) but no licence slot: the
 * seller did not start it, and the buyer's payment must not wait for the seller's licence.
 */
export const runKinds: Record<RunKind, { licenceSlot: boolean; agentSlot: boolean }> = {
  snipe: { licenceSlot: true, agentSlot: true },
  transfer: { licenceSlot: true, agentSlot: true },
  sync: { licenceSlot: false, agentSlot: false },
  sbc: { licenceSlot: false, agentSlot: true },
  rehearsal: { licenceSlot: false, agentSlot: true },
  delivery: { licenceSlot: false, agentSlot: true },
};

const kindsWhere = (takes: 'licenceSlot' | 'agentSlot') =>
  (Object.keys(runKinds) as RunKind[]).filter((kind) => runKinds[kind][takes]);

/** The kinds whose runs hold a licence slot / an agent slot. */
export const licenceSlotKinds = kindsWhere('licenceSlot');
export const agentSlotKinds = kindsWhere('agentSlot');
