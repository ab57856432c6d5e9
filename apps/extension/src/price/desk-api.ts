import { shortcutsSchema, type Platform } from '@tradedesk/domain';
import { z } from 'zod';
import { overlayPriceSchema, type OverlayPrice, type PriceKey } from './messages.js';

const priceAnswerSchema = z.object({ current: z.number().int().nonnegative().nullable() });
const siteSchema = z.object({ id: z.union([z.string(), z.number()]), urlName: z.string() });

/** GET /api/player-data?id&rarity: one entry of the public price database. */
const entryAnswerSchema = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    pc: priceAnswerSchema,
    ps: priceAnswerSchema,
    futbin: siteSchema.optional(),
    futwiz: siteSchema.optional(),
    futgg: siteSchema.optional(),
  }),
});

/** GET /api/user?configuration=true: the user's keys and whether shortcuts are on. */
const userAnswerSchema = z.object({
  data: z.object({
    shortcuts: shortcutsSchema,
    configuration: z.object({ advanced: z.object({ isShortcutsEnabled: z.boolean() }) }),
  }),
});

export class DeskError extends Error {}

async function getJson(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: 'application/json' } });
  } catch {
    throw new DeskError('The desk did not answer. Check its address.');
  }
  if (response.status === 401) throw new DeskError('Sign in to the desk in this browser, then sync again.');
  if (response.status === 404) return undefined;
  if (!response.ok) throw new DeskError(`The desk answered ${response.status}.`);
  return response.json();
}

/** A card's price-database price on one platform, with its price-site pages; null when unknown. */
export async function fetchOverlayPrice(
  deskUrl: string,
  key: PriceKey,
  platform: Platform,
): Promise<OverlayPrice | null> {
  const query = new URLSearchParams({ id: String(key.definitionId), rarity: String(key.rarityId) });
  const body = await getJson(`${deskUrl}/api/player-data?${query}`, { credentials: 'omit' });
  if (body === undefined) return null;
  const { data } = entryAnswerSchema.parse(body);
  return overlayPriceSchema.parse({
    definitionId: data.id,
    name: data.name,
    price: data[platform].current,
    sites: { futbin: data.futbin, futwiz: data.futwiz, futgg: data.futgg },
  });
}

/**
 * The user's shortcuts from the desk, read with the desk session this browser is signed in with
 * (the add-on never holds the user's token itself: a second sign-in would end the desk's session).
 */
export async function fetchDeskShortcuts(deskUrl: string) {
  const body = await getJson(`${deskUrl}/api/user?configuration=true`, { credentials: 'include' });
  if (body === undefined) throw new DeskError('This address is not a Trade Desk.');
  const { data } = userAnswerSchema.parse(body);
  return { shortcuts: data.shortcuts, isShortcutsEnabled: data.configuration.advanced.isShortcutsEnabled };
}
