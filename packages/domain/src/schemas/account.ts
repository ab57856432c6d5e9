import { z } from 'zod';
import { BACKUP_CODE_LENGTH } from '../constants.js';
import { platformSchema } from '../enums/platform.js';
import { accountStatusSchema } from '../schemas/user-enums.js';
import { messages } from '../messages.js';
import { dateTimeSchema, intLike, nonNegativeIntLike } from './common.js';
import { idText, storableText, TEXT_LIMITS } from './text.js';

/** An e-mail address is at most 254 characters (RFC 5321). */
export const EMAIL_MAX = 254;

/** Fields of the create-account form and of each CSV import row. */
export const accountCredentialsShape = z.object({
  email: storableText(EMAIL_MAX).pipe(z.string().trim().email()),
  /** The game password; never logged. Any the game accepts: the spec sets no minimum. */
  password: storableText(TEXT_LIMITS.secret).pipe(z.string().min(1)),
  /** The game's backup code; never logged. */
  backupCode: storableText(TEXT_LIMITS.secret).pipe(z.string().trim()),
  isManualLogin: z.boolean(),
  platform: platformSchema,
});

/** Characters as a reader counts them (code points): an emoji is one, not two UTF-16 units. */
const characterCount = (text: string) => [...text].length;

/** Backup code required unless manual login; then exactly 8 characters. */
export function checkBackupCode(
  account: { backupCode: string; isManualLogin: boolean },
  ctx: z.RefinementCtx,
): void {
  if (account.isManualLogin) return;
  if (account.backupCode === '') {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['backupCode'], message: messages.backupCodeRequired });
  } else if (characterCount(account.backupCode) !== BACKUP_CODE_LENGTH) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['backupCode'], message: messages.backupCodeLength });
  }
}

export const accountCreateSchema = accountCredentialsShape.superRefine(checkBackupCode);
export type AccountCreate = z.infer<typeof accountCreateSchema>;

/**
 * A CSV import row: the create-account rules, plus 001 §5's "the backup code must be
 * exactly 8 characters". Import forces manual login on, so an empty code is accepted;
 * a code that is given must have the right length.
 */
export const accountImportRowSchema = accountCredentialsShape.superRefine((account, ctx) => {
  checkBackupCode(account, ctx);
  if (account.backupCode !== '' && characterCount(account.backupCode) !== BACKUP_CODE_LENGTH) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['backupCode'], message: messages.backupCodeLength });
  }
});

/** Bulk creation takes a list of creation payloads. */
export const accountBulkCreateSchema = z.array(accountCreateSchema).min(1);

/** Editing sends the account id with the same fields. */
export const accountUpdateSchema = accountCredentialsShape
  .extend({ id: idText() })
  .superRefine(checkBackupCode);
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** Empty strings, platform PC, manual login off. */
export function defaultAccountCreate(): AccountCreate {
  return { email: '', password: '', backupCode: '', isManualLogin: false, platform: 'pc' };
}

/** Requests and searches of the running session. */
export const accountSessionCountersSchema = z.object({
  requests: nonNegativeIntLike(),
  searches: nonNegativeIntLike(),
});

/** A game account as the dashboard shows it. Secrets are optional: servers omit them. */
export const accountSchema = z.object({
  id: z.string().min(1),
  token: z.string().optional(),
  username: z.string(),
  email: z.string(),
  imageUrl: z.string(),
  password: z.string().optional(),
  backupCode: z.string().optional(),
  /** Missing until the account first logs in; the badge then reads UNKNOWN. */
  platform: platformSchema.nullable(),
  coins: intLike(),
  /**
   * False until the game's balance was first read (a sign-in, a sync, Launch Webapp): `coins` 0 is
   * then no balance and the row shows '—'. Absent (an older server): the coins are shown.
   */
  isCoinBalanceKnown: z.boolean().optional(),
  status: accountStatusSchema,
  description: z.string(),
  isManualLogin: z.boolean(),
  profits: intLike(),
  session: accountSessionCountersSchema,
  createdAt: dateTimeSchema,
  /** The running session's filter ids (the server's record); absent while nothing runs. */
  runningFilterIds: z.array(z.string()).optional(),
  /**
   * The fleet the running session is a part of (accounts of one platform started together), with
   * this account's purchases in the fleet's run so far; absent while the account runs alone or not at all.
   */
  fleet: z.object({ id: z.string().min(1), purchases: nonNegativeIntLike() }).optional(),
});
export type Account = z.infer<typeof accountSchema>;

/** A snipe session of one account; times are epoch milliseconds, endedAt null while running. */
export const sessionSchema = z.object({
  accountId: z.string().min(1),
  startedAt: nonNegativeIntLike(),
  endedAt: nonNegativeIntLike().nullable(),
  requests: nonNegativeIntLike(),
  searches: nonNegativeIntLike(),
});
export type Session = z.infer<typeof sessionSchema>;

/** A card in one of the account's piles. */
export const pileItemSchema = z.object({ id: z.union([z.string(), z.number()]) }).passthrough();

/** Transfer-side account metadata. */
export const accountMetadataSchema = z.object({
  username: z.string(),
  coins: nonNegativeIntLike(),
  imageUrl: z.string(),
  platform: platformSchema.nullable(),
  tradepile: z.array(pileItemSchema),
  unassigned: z.array(pileItemSchema),
  /** A data URL or image address of the latest coin-balance screenshot. */
  screenshot: z.string().nullable(),
});
export type AccountMetadata = z.infer<typeof accountMetadataSchema>;

/** Shown while nothing has been synced for the account. */
export function defaultAccountMetadata(): AccountMetadata {
  return {
    username: '',
    coins: 0,
    imageUrl: '',
    platform: null,
    tradepile: [],
    unassigned: [],
    screenshot: null,
  };
}

/** Players shown in the transfer panel: unassigned plus tradepile. */
export function playerCount(metadata: AccountMetadata): number {
  return metadata.unassigned.length + metadata.tradepile.length;
}
