import { rehearsalResultSchema, type Rehearsal, type RehearsalStatus } from '@tradedesk/domain';
import type { RehearsalRow } from './repo.js';

/** A stored rehearsal as GET /api/rehearsal answers it. */
export function presentRehearsal(row: RehearsalRow): Rehearsal {
  const result = row.result === null ? undefined : rehearsalResultSchema.safeParse(row.result);
  return {
    id: row.id,
    filterIds: row.filterIds,
    spanMinutes: row.spanMinutes,
    status: row.status as RehearsalStatus,
    progress: row.progress,
    message: row.message,
    result: result?.success === true ? result.data : null,
    createdAt: row.createdAt.toISOString(),
  };
}
