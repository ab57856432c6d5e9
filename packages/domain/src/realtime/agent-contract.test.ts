import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../schemas/configuration.js';
import { defaultNormalFilter } from '../schemas/filters/normal.js';
import {
  agentHandshakeSchema,
  fleetPartOf,
  sessionEventSchema,
  sessionStartSchema,
  type SessionStartCommand,
} from './agent-contract.js';

const command: SessionStartCommand = {
  leaseId: 'lease-1',
  accountId: 'account-1',
  email: 'trader@example.com',
  password: 'secret',
  backupCode: 'ABCD1234',
  platform: 'pc',
  filters: [
    { ...defaultNormalFilter('Ronaldo'), playerId: 20_801, name: 'Cristiano Ronaldo', maxPrice: 1_000 },
  ],
  configuration: defaultConfiguration(),
};

describe('the agent socket contract', () => {
  it('lets the agent accept the start command the server builds', () => {
    expect(sessionStartSchema.safeParse(command).success).toBe(true);
  });

  it('refuses a start whose unassigned-pile flag is not a yes or no', () => {
    expect(sessionStartSchema.safeParse({ ...command, readUnassignedPile: true }).success).toBe(true);
    expect(sessionStartSchema.safeParse({ ...command, readUnassignedPile: 'yes' }).success).toBe(false);
  });

  it('takes a fleet part of two accounts or more, and refuses a fleet of one', () => {
    const fleet = { id: 'fleet-1', accountIds: ['account-1', 'account-2'] };
    expect(sessionStartSchema.safeParse({ ...command, fleet }).success).toBe(true);
    const lone = sessionStartSchema.safeParse({ ...command, fleet: { ...fleet, accountIds: ['account-1'] } });
    expect(lone.success ? '' : lone.error.issues[0]?.message).toBe('A fleet needs at least two accounts');
  });

  it('reads the fleet part a run keeps, and none from a run of its own or a damaged value', () => {
    const fleet = { id: 'fleet-1', accountIds: ['account-1', 'account-2'] };
    expect(fleetPartOf(fleet)).toEqual(fleet);
    expect(fleetPartOf(undefined)).toBeUndefined();
    expect(fleetPartOf({ id: 'fleet-1', accountIds: ['account-1'] })).toBeUndefined();
    expect(fleetPartOf('fleet-1')).toBeUndefined();
  });

  it('lets a first connection leave out the sessions it resumes', () => {
    const handshake = agentHandshakeSchema.parse({ key: 'k', agentId: 'agent-1', capacity: 5 });
    expect(handshake.sessions).toEqual([]);
  });

  it('refuses a handshake claiming more capacity than an agent may have', () => {
    expect(agentHandshakeSchema.safeParse({ key: 'k', agentId: 'agent-1', capacity: 10_001 }).success).toBe(
      false,
    );
  });

  it('refuses events the engine never sends', () => {
    const event = (body: Record<string, unknown>) =>
      sessionEventSchema.safeParse({ leaseId: 'lease-1', seq: 0, event: { at: 1, accountId: 'a', ...body } });
    expect(event({ type: 'break-end' }).success).toBe(true);
    expect(event({ type: 'account-update', status: 'active', coins: -5, profits: 0 }).success).toBe(false);
    expect(event({ type: 'buy-everything' }).success).toBe(false);
  });
});
