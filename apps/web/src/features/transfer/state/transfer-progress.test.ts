import { describe, expect, it } from 'vitest';
import {
  idleProgress,
  nextProgress,
  progressOfState,
  stepsInLogicalOrder,
  type ProgressEvent,
} from './transfer-progress';

const run = (events: ProgressEvent[], start = idleProgress()) => events.reduce(nextProgress, start);
const server = (action: string, data: Record<string, unknown> = {}): ProgressEvent => ({
  type: 'server',
  action,
  data,
});
const statuses = (progress: ReturnType<typeof idleProgress>) =>
  Object.fromEntries(Object.entries(progress.steps).map(([step, view]) => [step, view.status]));

describe('transfer progress', () => {
  it('starts at Idle', () => {
    expect(statuses(idleProgress())).toMatchObject({ idle: 'active', sync: 'pending', result: 'pending' });
  });

  it('walks Sync, List Player, Purchase Player to a successful Result', () => {
    const progress = run([
      { type: 'sync-sent', hasAutoList: false },
      server('sync-result'),
      { type: 'purchase-sent' },
      server('list-player'),
      server('list-success'),
      server('purchase-success'),
      server('transfer-success'),
    ]);
    expect(statuses(progress)).toEqual({
      idle: 'success',
      sync: 'success',
      purchase_player: 'success',
      list_player: 'success',
      result: 'success',
      auto_list: 'pending',
    });
    expect(progress.phase).toBe('done');
  });

  it('shows List Player done only once Purchase Player is, though the listing is confirmed first', () => {
    const shown = (progress: ReturnType<typeof idleProgress>) =>
      Object.fromEntries(stepsInLogicalOrder(progress.steps).map(({ step, view }) => [step, view.status]));
    const listed = run([
      { type: 'sync-sent', hasAutoList: false },
      server('sync-result'),
      { type: 'purchase-sent' },
      server('list-player'),
      server('list-success'),
    ]);
    expect(shown(listed)).toMatchObject({
      purchase_player: 'active',
      list_player: 'active',
      result: 'pending',
    });
    const bought = nextProgress(listed, server('purchase-success'));
    expect(shown(bought)).toMatchObject({ purchase_player: 'success', list_player: 'success' });
  });

  it('keeps going into Auto List after a success when auto-list is on, and shows Skipped', () => {
    const progress = run([
      { type: 'sync-sent', hasAutoList: true },
      server('sync-result'),
      { type: 'purchase-sent' },
      server('transfer-success'),
    ]);
    expect(progress.steps.auto_list.status).toBe('active');
    expect(progress.phase).toBe('running');
    const skipped = nextProgress(progress, server('auto-list-skipped', { reason: 'Transfer list is full' }));
    expect(skipped.steps.auto_list).toEqual({ status: 'skipped', description: 'Transfer list is full' });
    expect(skipped.phase).toBe('done');
  });

  it('shows a failed result with its reason, and an error on the last step that started', () => {
    const failed = run([
      { type: 'sync-sent', hasAutoList: false },
      server('sync-result'),
      { type: 'purchase-sent' },
      server('purchase-skipped', { reason: 'Listing not found' }),
      server('transfer-failed', { reason: 'Listing not found' }),
    ]);
    expect(failed.steps.purchase_player).toEqual({ status: 'skipped', description: 'Listing not found' });
    expect(failed.steps.result).toEqual({ status: 'failed', description: 'Listing not found' });

    const errored = run([
      { type: 'sync-sent', hasAutoList: false },
      { type: 'error', description: 'Boom' },
    ]);
    expect(errored.steps.sync).toEqual({ status: 'failed', description: 'Boom' });
    expect(errored.phase).toBe('done');
  });

  it('a new start clears the earlier error', () => {
    const errored = run([
      { type: 'sync-sent', hasAutoList: false },
      { type: 'error', description: 'Boom' },
    ]);
    const restarted = nextProgress(errored, { type: 'sync-sent', hasAutoList: false });
    expect(restarted.steps.sync).toEqual({ status: 'active' });
  });

  it('rebuilds the card from the server record of an open transfer', () => {
    const progress = progressOfState({
      status: 'running',
      steps: [
        { step: 'sync', status: 'active' },
        { step: 'sync', status: 'success' },
        { step: 'list_player', status: 'success' },
      ],
      filter: { player: { enableAutoList: true } },
    });
    expect(progress.phase).toBe('running');
    expect(progress.hasAutoList).toBe(true);
    expect(statuses(progress)).toMatchObject({ sync: 'success', list_player: 'success', result: 'pending' });
  });
});
