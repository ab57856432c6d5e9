// The business constants the web shell uses come from the domain (spec §9); this file only names them for the web.
export {
  ACCOUNTS_REFRESH_INTERVAL_MS as SESSION_CHECK_INTERVAL_MS,
  ERROR_STATUS_MAX,
  ERROR_STATUS_MIN,
  NOTIFICATION_CAP,
  NOTIFICATION_READ_VISIBILITY,
  TOAST_DURATION_MS,
} from '@tradedesk/domain';
