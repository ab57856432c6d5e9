import { z } from 'zod';
import { optionsOf } from './options.js';

/** Game platform of an account: ps (Console) or pc. */
export const platformValues = ['ps', 'pc'] as const;
export const platformSchema = z.enum(platformValues);
export type Platform = z.infer<typeof platformSchema>;

/**
 * The price market an account trades on: `ps` (console: PlayStation and Xbox share one market)
 * or PC. Anything but a stored `ps`, and no account at all, is PC, the market most accounts use.
 */
export function platformOf(account: { readonly platform?: string | null } | undefined): Platform {
  return account?.platform === 'ps' ? 'ps' : 'pc';
}

/** Interface labels of the account forms (000 §3). */
export const platformLabels: Record<Platform, string> = { ps: 'Console', pc: 'PC' };
/** Short labels of prices and listings (000 §9: 'PC' and 'PS/XBOX'). */
export const platformShortLabels: Record<Platform, string> = { ps: 'PS/XBOX', pc: 'PC' };
export const platformOptions = optionsOf(platformLabels);

/** Platform as snipe result reports spell it: pc or console. */
export const reportPlatformValues = ['pc', 'console'] as const;
export const reportPlatformSchema = z.enum(reportPlatformValues);
export type ReportPlatform = z.infer<typeof reportPlatformSchema>;

/** The report spelling of a platform: ps becomes console. */
export function toReportPlatform(platform: Platform): ReportPlatform {
  return platform === 'pc' ? 'pc' : 'console';
}

/** The account platform of a report spelling: console becomes ps. */
export function fromReportPlatform(platform: ReportPlatform): Platform {
  return platform === 'pc' ? 'pc' : 'ps';
}

/** Badge text of an account row: the platform upper-cased, or UNKNOWN. */
export function platformBadge(platform: string | null | undefined): string {
  return platform ? platform.toUpperCase() : 'UNKNOWN';
}
