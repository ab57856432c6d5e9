/**
 * The user enumerations' values, labels and rules. No zod here: the web shell imports the labels on
 * every page, and building schemas at import put zod into its start-up chunk; the schemas of these
 * values are in `schemas/user-enums.ts`.
 */
import { optionsOf } from './options.js';

export const tierValues = ['none', 'snipe', 'transfer'] as const;
export type Tier = (typeof tierValues)[number];
export const tierLabels: Record<Tier, string> = { none: 'None', snipe: 'Snipe', transfer: 'Transfer' };

export const roleValues = ['user', 'admin'] as const;
export type Role = (typeof roleValues)[number];
export const roleLabels: Record<Role, string> = { user: 'User', admin: 'Admin' };

/**
 * Account statuses. The spec names the first six; logging in, captcha, soft ban and waiting (for
 * an agent) are states the run reaches that a user wants to see (see docs/decisions/domain.md).
 */
export const accountStatusValues = [
  'active',
  'inactive',
  'error',
  'ready',
  'thresholds_met',
  'break',
  'logging_in',
  'captcha',
  'soft_ban',
  'waiting',
] as const;
export type AccountStatus = (typeof accountStatusValues)[number];
export const accountStatusLabels: Record<AccountStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  error: 'Error',
  ready: 'Ready',
  thresholds_met: 'Thresholds met',
  break: 'Break',
  logging_in: 'Logging in',
  captcha: 'Captcha',
  soft_ban: 'Soft ban',
  waiting: 'Waiting for an agent',
};
export const accountStatusOptions = optionsOf(accountStatusLabels);

/** The badge shows the status upper-cased. */
export function accountStatusBadge(status: AccountStatus): string {
  return accountStatusLabels[status].toUpperCase();
}

/**
 * An active or break account shows Stop Snipe; otherwise Start Snipe. So does a run waiting for an
 * agent: it still holds the account and its licence slot, and the user may end the wait.
 */
export function isAccountRunning(status: AccountStatus): boolean {
  return status === 'active' || status === 'break' || status === 'waiting';
}

/** Dashboard rows are sorted by status text. */
export function compareByStatusText(a: { status: AccountStatus }, b: { status: AccountStatus }): number {
  return accountStatusLabels[a.status].localeCompare(accountStatusLabels[b.status]);
}
