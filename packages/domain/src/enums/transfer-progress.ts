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

/**
 * Which progress step each transfer event moves, and to what (the agent's event names; buy-back
 * events show on the Auto List step). The server records steps with it, the page draws them.
 */
export const transferEventSteps: Readonly<Record<string, readonly [TransferStep, TransferStepStatus]>> = {
  'sync-result': ['sync', 'success'],
  'list-player': ['list_player', 'active'],
  'list-success': ['list_player', 'success'],
  'purchase-success': ['purchase_player', 'success'],
  'purchase-skipped': ['purchase_player', 'skipped'],
  'transfer-success': ['result', 'success'],
  'transfer-failed': ['result', 'failed'],
  'auto-list-start': ['auto_list', 'active'],
  'auto-list-success': ['auto_list', 'success'],
  'auto-list-skipped': ['auto_list', 'skipped'],
  'buy-back-start': ['auto_list', 'active'],
  'buy-back-success': ['auto_list', 'success'],
  'buy-back-skipped': ['auto_list', 'skipped'],
};
