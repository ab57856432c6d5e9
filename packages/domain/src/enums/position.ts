import { z } from 'zod';
import { positionRows, positionZoneRows } from '../ids/tables.js';
import { optionsOf } from './options.js';

/** The exact positions a market search accepts (GAME-PROTOCOL §2.2 `pos`), in EA id order. */
export const marketPositions = [
  'GK',
  'RWB',
  'RB',
  'CB',
  'LB',
  'LWB',
  'CDM',
  'RM',
  'CM',
  'LM',
  'CAM',
  'RF',
  'CF',
  'LF',
  'RW',
  'ST',
  'LW',
] as const;
export type MarketPosition = (typeof marketPositions)[number];
/** RF and LF are searchable but not offered as a filter criterion. */
type CriterionPosition = Exclude<MarketPosition, 'RF' | 'LF'>;

/** Position criterion of a filter: Any, the three groups, then single positions by code. */
export const positionValues = [
  'any',
  'defenders',
  'midfielders',
  'attackers',
  ...marketPositions.filter((code): code is CriterionPosition => code !== 'RF' && code !== 'LF'),
] as const;
export const positionSchema = z.enum(positionValues);
export type Position = z.infer<typeof positionSchema>;
export type PositionGroup = 'defenders' | 'midfielders' | 'attackers';

export const positionLabels: Record<Position, string> = {
  any: 'Any',
  defenders: 'Defenders',
  midfielders: 'Midfielders',
  attackers: 'Attackers',
  GK: 'GK',
  RWB: 'RWB',
  RB: 'RB',
  CB: 'CB',
  LB: 'LB',
  LWB: 'LWB',
  CDM: 'CDM',
  RM: 'RM',
  CM: 'CM',
  LM: 'LM',
  CAM: 'CAM',
  CF: 'CF',
  RW: 'RW',
  ST: 'ST',
  LW: 'LW',
};
export const positionOptions = optionsOf(positionLabels);

/** EA zone ids of the position groups. */
export const positionGroupIds: Record<PositionGroup, number> = {
  defenders: 130,
  midfielders: 131,
  attackers: 132,
};

/** Whether the criterion is one of the three position groups. */
export function isPositionGroup(position: Position): position is PositionGroup {
  return position === 'defenders' || position === 'midfielders' || position === 'attackers';
}

/**
 * The value a market search sends for the criterion: nothing for Any, the zone id for a
 * group, the position's own code otherwise.
 */
export function positionSearchValue(position: Position): number | string | undefined {
  if (position === 'any') return undefined;
  return isPositionGroup(position) ? positionGroupIds[position] : position;
}

/** EA position id (0 GK … 27 LW) of a position code; undefined when unknown. */
export function positionIdOfCode(code: string): number | undefined {
  return positionRows.find((row) => row.code === code)?.id;
}

/** Position code of an EA position id; undefined when unknown. */
export function positionCodeOfId(id: number): string | undefined {
  return positionRows.find((row) => row.id === id)?.code;
}

/** Whether a card position code matches the criterion (groups match their members). */
export function positionMatches(criterion: Position, code: string): boolean {
  if (criterion === 'any') return true;
  if (!isPositionGroup(criterion)) return criterion === code;
  const zone = positionZoneRows.find((row) => row.id === positionGroupIds[criterion]);
  return zone?.positions.includes(code) ?? false;
}
