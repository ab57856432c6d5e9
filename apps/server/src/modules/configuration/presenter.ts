import { transferConfigWithinRanges, type configurationSchema } from '@tradedesk/domain';
import type { z } from 'zod';
import type { ConfigurationRow } from './repo.js';

/** The configuration as the routes answer it, before their response schema reads it. */
export type PresentedConfiguration = z.input<typeof configurationSchema>;

/**
 * The configuration document the web edits: the six groups. Each group was parsed by its domain
 * schema when saved (the columns are untyped JSON); the response schema checks it again on the way out.
 * A transfer group saved before its ranges is read at their nearest bounds (the page still opens).
 */
export function presentConfiguration(row: ConfigurationRow): PresentedConfiguration {
  const { time, calibration, advanced, notification, market } = row;
  const transfer = transferConfigWithinRanges(row.transfer);
  return { time, calibration, advanced, notification, market, transfer } as PresentedConfiguration;
}
