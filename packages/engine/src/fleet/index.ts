export { FleetMember, FleetSetupError, SnipeFleet } from './fleet.js';
export { SharedBacklogSweep, SweepShare } from './fleet-sweep.js';
export { LookMarks, ONE_HOUR_MARK_INTERVAL_MS } from './look-marks.js';
