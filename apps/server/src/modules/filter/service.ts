import { FILTER_CODE_LENGTH, messages, type Filter, type FilterType } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { randomCode } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertPlayerKnown } from './players.js';
import { filterRepo, type FilterRow } from './repo.js';

/** Snipe filters and transfer filters are separate lists in the interface. */
export const filterFamilies = { snipe: ['normal', 'rarity', 'fodder'], transfer: ['transfer'] } as const;
export type FilterFamily = keyof typeof filterFamilies;
export const familyOf = (type: string): FilterFamily => (type === 'transfer' ? 'transfer' : 'snipe');

const duplicateLabel = () => conflict(messages.duplicateLabel, 'duplicate_label');
/** Draws of a share code before giving up (codes are long enough that a second is already rare). */
const SHARE_CODE_ATTEMPTS = 5;

/** What is stored besides the indexed columns. */
function bodyOf(filter: Filter): Record<string, unknown> {
  const { id: _id, updatedAt: _updatedAt, label: _label, type: _type, ...body } = filter;
  return body;
}

/** Saving, deleting, sharing and importing the signed-in user's filters. */
export function createFilterService(ctx: AppContext) {
  const { db } = ctx;

  async function owned(userId: string, id: string, message: string = messages.filterNotFound) {
    const row = await filterRepo.findOwned(db, userId, id);
    if (!row) throw notFound(message, 'filter_not_found');
    return row;
  }

  /** A label not yet used by the user: the original, else "label (2)", "label (3)", ... */
  async function freeLabel(userId: string, label: string) {
    for (let attempt = 1; ; attempt += 1) {
      const candidate = attempt === 1 ? label : `${label} (${attempt})`;
      if (!(await filterRepo.findByLabel(db, userId, candidate))) return candidate;
    }
  }

  return {
    list: (userId: string) => filterRepo.listOf(db, userId),

    /** New filters (no id) get an id; existing ones must be the user's own. */
    async upsert(userId: string, filter: Filter): Promise<FilterRow> {
      await assertPlayerKnown(ctx, filter);
      const sameLabel = await filterRepo.findByLabel(db, userId, filter.label);
      const now = ctx.now();
      try {
        if (filter.id === undefined) {
          if (sameLabel) throw duplicateLabel();
          const row = await filterRepo.insert(db, {
            userId,
            type: filter.type,
            label: filter.label,
            body: bodyOf(filter),
            updatedAt: now,
          });
          if (!row) throw new Error('Filter insert returned nothing');
          return row;
        }
        const existing = await owned(userId, filter.id);
        if (sameLabel && sameLabel.id !== existing.id) throw duplicateLabel();
        const row = await filterRepo.update(db, userId, existing.id, {
          type: filter.type,
          label: filter.label,
          body: bodyOf(filter),
          updatedAt: now,
        });
        return row ?? existing;
      } catch (error) {
        throw isUniqueViolation(error) ? duplicateLabel() : error;
      }
    },

    /** The last filter of a list stays: the panel always needs one to show. */
    async remove(userId: string, id: string) {
      const row = await owned(userId, id, 'Unable to find filter for deletion');
      if ((await filterRepo.countOfTypes(db, userId, filterFamilies[familyOf(row.type)])) <= 1) {
        throw badRequest(messages.cannotDeleteLastFilter, 'last_filter');
      }
      await filterRepo.delete(db, userId, id);
      return row;
    },

    /** The filter's share code: made on first share, then stable. */
    async shareCode(userId: string, id: string) {
      const row = await owned(userId, id);
      if (row.shareCode) return row.shareCode;
      // A code already taken draws again, a bounded number of times (a collision is rare).
      for (let attempt = 0; attempt < SHARE_CODE_ATTEMPTS; attempt += 1) {
        try {
          const updated = await filterRepo.update(db, userId, id, {
            shareCode: randomCode(FILTER_CODE_LENGTH),
          });
          if (updated?.shareCode) return updated.shareCode;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error(`no free share code after ${SHARE_CODE_ATTEMPTS} attempts`);
    },

    /**
     * Copies a shared filter into the list `type` belongs to (any snipe kind imports into the
     * snipe list); a taken label gets a number appended.
     */
    async importByCode(userId: string, code: string, type: FilterType | FilterFamily) {
      const source = await filterRepo.findByShareCode(db, code);
      if (!source || familyOf(source.type) !== familyOf(type)) {
        throw notFound(messages.filterNotFound, 'filter_not_found');
      }
      const label = await freeLabel(userId, source.label);
      const row = await filterRepo.insert(db, {
        userId,
        type: source.type,
        label,
        body: source.body,
        updatedAt: ctx.now(),
      });
      if (!row) throw new Error('Filter insert returned nothing');
      return row;
    },
  };
}
