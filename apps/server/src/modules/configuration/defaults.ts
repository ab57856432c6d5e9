import { defaultConfiguration } from '@tradedesk/domain';

/** A new user's configuration row: the domain defaults, one JSON document per group. */
export function defaultConfigurationRow() {
  const { time, calibration, advanced, notification, market, transfer } = defaultConfiguration();
  return { time, calibration, advanced, notification, market, transfer } as Record<
    'time' | 'calibration' | 'advanced' | 'notification' | 'market' | 'transfer',
    Record<string, unknown>
  >;
}
