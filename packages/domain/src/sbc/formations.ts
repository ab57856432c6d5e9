import { positionCodeOfId } from '../enums/position.js';

/**
 * Generic position (the web app's `typeId`) of each unique slot position: the three centre
 * backs are all CB, the three defensive midfielders CDM, and so on (SBC.md §1.5).
 */
const GENERIC_POSITION_OF: Readonly<Record<string, string>> = {
  RCB: 'CB',
  LCB: 'CB',
  RDM: 'CDM',
  LDM: 'CDM',
  RCM: 'CM',
  LCM: 'CM',
  RAM: 'CAM',
  LAM: 'CAM',
  RS: 'ST',
  LS: 'ST',
};

/** Generic position code of a slot code (`RCB` → `CB`); generic codes map to themselves. */
export function genericPosition(slotCode: string): string {
  return Object.hasOwn(GENERIC_POSITION_OF, slotCode)
    ? (GENERIC_POSITION_OF[slotCode] ?? slotCode)
    : slotCode;
}

/** Generic position code of an EA position id (0 GK … 27 LW); undefined when unknown. */
export function genericPositionOfId(positionId: number): string | undefined {
  const code = positionCodeOfId(positionId);
  return code === undefined ? undefined : genericPosition(code);
}

/**
 * Whether a card listing `cardPositions` (preferred plus alternates, generic codes) is in
 * position in a slot: the web app tests `possiblePositions.includes(slot.typeId)` (SBC.md §1.2).
 */
export function isInPosition(cardPositions: readonly string[], slotCode: string): boolean {
  return cardPositions.includes(genericPosition(slotCode));
}

const slots = (text: string): readonly string[] => Object.freeze(text.split(' '));

/**
 * FC 25/26 SBC formations by the string id challenges carry, slots in the web app's order
 * (GK first). FC 25 dropped CF, LWB and RWB: 4-3-2-1 and 3-4-2-1 play two CAMs, the five-back
 * formations play LB/RB, and the 4-4-1-1 variants are gone (SBC.md §1.5).
 */
export const SBC_FORMATIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  f3142: slots('GK RCB CB LCB CDM RM RCM LCM LM RS LS'),
  f3412: slots('GK RCB CB LCB RM RCM LCM LM CAM RS LS'),
  f3421: slots('GK RCB CB LCB RM RCM LCM LM RAM LAM ST'),
  f343: slots('GK RCB CB LCB RM RCM LCM LM RW ST LW'),
  f352: slots('GK RCB CB LCB RDM LDM RM LM CAM RS LS'),
  f41212: slots('GK RB RCB LCB LB CDM RM LM CAM RS LS'),
  f41212a: slots('GK RB RCB LCB LB CDM RCM LCM CAM RS LS'),
  f4132: slots('GK RB RCB LCB LB CDM RM CM LM RS LS'),
  f4141: slots('GK RB RCB LCB LB CDM RM RCM LCM LM ST'),
  f4222: slots('GK RB RCB LCB LB RDM LDM RAM LAM RS LS'),
  f4231: slots('GK RB RCB LCB LB RDM LDM RAM CAM LAM ST'),
  f4231a: slots('GK RB RCB LCB LB RDM LDM RM LM CAM ST'),
  f424: slots('GK RB RCB LCB LB RCM LCM RW RS LS LW'),
  f4312: slots('GK RB RCB LCB LB RCM CM LCM CAM RS LS'),
  f4321: slots('GK RB RCB LCB LB RCM CM LCM RAM LAM ST'),
  f433: slots('GK RB RCB LCB LB RCM CM LCM RW ST LW'),
  f433a: slots('GK RB RCB LCB LB CDM RCM LCM RW ST LW'),
  f433b: slots('GK RB RCB LCB LB RDM LDM CM RW ST LW'),
  f433c: slots('GK RB RCB LCB LB RCM LCM CAM RW ST LW'),
  f442: slots('GK RB RCB LCB LB RM RCM LCM LM RS LS'),
  f442a: slots('GK RB RCB LCB LB RDM LDM RM LM RS LS'),
  f451: slots('GK RB RCB LCB LB RM CM LM RAM LAM ST'),
  f451a: slots('GK RB RCB LCB LB RM RCM CM LCM LM ST'),
  f5212: slots('GK RB RCB CB LCB LB RCM LCM CAM RS LS'),
  f5221: slots('GK RB RCB CB LCB LB RCM LCM RW ST LW'),
  f532: slots('GK RB RCB CB LCB LB RCM CM LCM RS LS'),
  f541a: slots('GK RB RCB CB LCB LB RM RCM LCM LM ST'),
});

/** Number of starting slots of an SBC squad. */
export const SQUAD_SIZE = 11;

/** Slot codes of a formation id such as `f433`; throws for an unknown id. */
export function formationSlots(formationId: string): readonly string[] {
  const found = Object.hasOwn(SBC_FORMATIONS, formationId) ? SBC_FORMATIONS[formationId] : undefined;
  if (!found) throw new Error(`Unknown SBC formation "${formationId}"`);
  return found;
}
