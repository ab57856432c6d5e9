// Business constants the web shell uses (spec §9).
export const NOTIFICATION_LIMIT = 25;
export const TOAST_DURATION_MS = 5_000;
export const SESSION_CHECK_INTERVAL_MS = 300_000;
export const NOTIFICATION_READ_THRESHOLD = 0.75;
export const MOBILE_BREAKPOINT_PX = 768;
