import type { ConfigurationRow } from './repo.js';

/** The configuration document the web edits: the six groups. */
export function presentConfiguration(row: ConfigurationRow) {
  const { time, calibration, advanced, notification, market, transfer } = row;
  return { time, calibration, advanced, notification, market, transfer };
}
