import { z } from 'zod';
import { formatFullNumber } from '../format/numbers.js';

/**
 * NUL, or a UTF-16 surrogate without its partner: PostgreSQL text and jsonb refuse both, and no
 * user types them. No `u` flag, so the pattern sees UTF-16 units and finds the lone halves.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds a character storage refuses (NUL or a lone surrogate). */
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** Upper bounds of the text a user or an agent may send, per kind of field. */
export const TEXT_LIMITS = {
  /** Ids of rows, sockets and events. */
  id: 64,
  /** Short names: usernames, labels, player names. */
  name: 100,
  /** A secret typed by a person (game password, token, code). */
  secret: 256,
  /** Web addresses (webhooks, images). */
  url: 2_048,
  /** Free text: descriptions, reasons, log messages. */
  text: 2_000,
} as const;

export const textMessages = {
  unstorable: 'Text contains characters that are not allowed',
  /** 'Webhook URL must be at most 2,048 characters'; 'Text …' for a field with no label. */
  tooLong: (max: number, field = 'Text') => `${field} must be at most ${formatFullNumber(max)} characters`,
  /** The unstorable message naming its field: 'Webhook URL contains characters that are not allowed'. */
  unstorableIn: (field: string) => `${field} contains characters that are not allowed`,
  notFinite: 'Numbers must be finite',
  tooDeep: 'The request is nested too deeply',
} as const;

/**
 * A string that storage accepts: at most `max` UTF-16 units, no NUL, no lone surrogate.
 * Every new field that reaches the database or a socket is declared with this; `field`, the
 * label the user knows it by, makes its messages name it.
 */
export const storableText = (max: number = TEXT_LIMITS.text, field?: string) =>
  z
    .string()
    .max(max, textMessages.tooLong(max, field))
    .refine(
      (text) => !hasUnstorableCharacters(text),
      field === undefined ? textMessages.unstorable : textMessages.unstorableIn(field),
    );

/** A row or event id as clients send it: non-empty storable text of at most TEXT_LIMITS.id. */
export const idText = () => storableText(TEXT_LIMITS.id).pipe(z.string().min(1, 'Id is required'));

/** How deep a payload is walked; deeper nesting is refused like any other unusable input. */
const MAX_PAYLOAD_DEPTH = 64;

/**
 * Why a JSON-like payload cannot be stored, or undefined when it can: a string value or key
 * holding NUL or a lone surrogate, a non-finite number, or nesting deeper than any form sends.
 * Servers run it on every request and socket message before the per-field schemas; a string
 * under a key of `labels` is named by its label, as that field's schema would.
 */
export function unstorablePayloadMessage(
  payload: unknown,
  labels: Readonly<Record<string, string>> = {},
): string | undefined {
  // Each value with the key it sits under (none for the payload itself).
  const pending: Array<{ value: unknown; depth: number; key?: string }> = [{ value: payload, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth, key: field } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) {
        const label = field !== undefined && Object.hasOwn(labels, field) ? labels[field] : undefined;
        return label === undefined ? textMessages.unstorable : textMessages.unstorableIn(label);
      }
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return textMessages.notFinite;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_PAYLOAD_DEPTH) return textMessages.tooDeep;
      for (const [key, item] of Object.entries(value)) {
        if (hasUnstorableCharacters(key)) return textMessages.unstorable;
        pending.push({ value: item, depth: depth + 1, key });
      }
    }
  }
  return undefined;
}
