import type { RunKind } from '../db/schema-runs.js';

/**
 * What each run kind takes while it runs: a licence slot (the user's `maxAccounts`, counted over
 * every kind that takes one) and an agent slot (the capacity the agent announced, counted the way
 * the agent counts its own work). A sync reads two accounts and takes neither.
 */
export const runKinds: Record<RunKind, { licenceSlot: boolean; agentSlot: boolean }> = {
  snipe: { licenceSlot: true, agentSlot: true },
  transfer: { licenceSlot: true, agentSlot: true },
  sync: { licenceSlot: false, agentSlot: false },
  sbc: { licenceSlot: false, agentSlot: true },
  rehearsal: { licenceSlot: false, agentSlot: true },
};

const kindsWhere = (takes: 'licenceSlot' | 'agentSlot') =>
  (Object.keys(runKinds) as RunKind[]).filter((kind) => runKinds[kind][takes]);

/** The kinds whose runs hold a licence slot / an agent slot. */
export const licenceSlotKinds = kindsWhere('licenceSlot');
export const agentSlotKinds = kindsWhere('agentSlot');
