/** The actions the dashboard sends on the `/client/snipe` hub (docs/realtime.md). */
export type SnipeAction =
  'snipe-create-browser' | 'snipe-create-browsers' | 'snipe-stop' | 'snipe-rehearse' | 'LAUNCH_BROWSER';
