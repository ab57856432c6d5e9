import { z } from 'zod';
import { optionsOf } from './options.js';

export const tierValues = ['none', 'snipe', 'transfer'] as const;
export const tierSchema = z.enum(tierValues);
export type Tier = z.infer<typeof tierSchema>;
export const tierLabels: Record<Tier, string> = { none: 'None', snipe: 'Snipe', transfer: 'Transfer' };

export const roleValues = ['user', 'admin'] as const;
export const roleSchema = z.enum(roleValues);
export type Role = z.infer<typeof roleSchema>;
export const roleLabels: Record<Role, string> = { user: 'User', admin: 'Admin' };

/**
 * Account statuses. The spec names the first six; logging in, captcha and soft ban are
 * states the run reaches that a user wants to see (see docs/decisions/domain.md).
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
] as const;
export const accountStatusSchema = z.enum(accountStatusValues);
export type AccountStatus = z.infer<typeof accountStatusSchema>;
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
};
export const accountStatusOptions = optionsOf(accountStatusLabels);

/** The badge shows the status upper-cased. */
export function accountStatusBadge(status: AccountStatus): string {
  return accountStatusLabels[status].toUpperCase();
}

/** An active or break account shows Stop Snipe; otherwise Start Snipe. */
export function isAccountRunning(status: AccountStatus): boolean {
  return status === 'active' || status === 'break';
}

/** Dashboard rows are sorted by status text. */
export function compareByStatusText(a: { status: AccountStatus }, b: { status: AccountStatus }): number {
  return accountStatusLabels[a.status].localeCompare(accountStatusLabels[b.status]);
}
