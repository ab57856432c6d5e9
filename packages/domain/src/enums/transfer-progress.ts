import { z } from 'zod';

/** Steps of the coin-transfer progress card, in order. */
export const transferStepValues = [
  'idle',
  'sync',
  'purchase_player',
  'list_player',
  'result',
  'auto_list',
] as const;
export const transferStepSchema = z.enum(transferStepValues);
export type TransferStep = z.infer<typeof transferStepSchema>;
export const transferStepLabels: Record<TransferStep, string> = {
  idle: 'Idle',
  sync: 'Sync',
  purchase_player: 'Purchase Player',
  list_player: 'List Player',
  result: 'Result',
  auto_list: 'Auto List',
};

/** How a step ended: a skipped step shows a warning dot and 'Skipped'. */
export const transferStepStatusValues = ['pending', 'active', 'success', 'skipped', 'failed'] as const;
export type TransferStepStatus = (typeof transferStepStatusValues)[number];
