import type { RunKind } from '../db/schema-runs.js';

/**
 * What each run kind takes while it runs: a licence slot (the user's `maxAccounts`, counted over
 * every kind that takes one) and an agent slot (the capacity the agent announced, counted the way
 * the agent counts its own work). A sync reads two accounts and takes neither. A marketplace
 * delivery's transfer takes an agent slot (the agent runs it as a transfer) but no licence slot: the
 * seller did not start it, and the buyer's payment must not wait for the seller's licence.
 *
 * `waitsForAgent`: a run of this kind that a leaving agent hands back while no other agent is free,
 * or whose agent is lost, runs on under no agent until one is (a snipe: `modules/snipe/handover.ts`),
 * so the lost rule does not take a running run of it for having no agent. Every other kind with no
 * agent is lost.
 */
export const runKinds: Record<RunKind, { licenceSlot: boolean; agentSlot: boolean; waitsForAgent: boolean }> =
  {
    snipe: { licenceSlot: true, agentSlot: true, waitsForAgent: true },
    transfer: { licenceSlot: true, agentSlot: true, waitsForAgent: false },
    sync: { licenceSlot: false, agentSlot: false, waitsForAgent: false },
    sbc: { licenceSlot: false, agentSlot: true, waitsForAgent: false },
    rehearsal: { licenceSlot: false, agentSlot: true, waitsForAgent: false },
    delivery: { licenceSlot: false, agentSlot: true, waitsForAgent: false },
  };

const kindsWhere = (takes: 'licenceSlot' | 'agentSlot') =>
  (Object.keys(runKinds) as RunKind[]).filter((kind) => runKinds[kind][takes]);

/** The kinds whose runs hold a licence slot / an agent slot. */
export const licenceSlotKinds = kindsWhere('licenceSlot');
export const agentSlotKinds = kindsWhere('agentSlot');
