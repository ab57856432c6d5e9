import { z } from 'zod';

/** `GET proxy/identity/pids/me` (only the ids the client needs). */
export const identitySchema = z.object({
  pid: z.object({
    pidId: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
  }),
});

/** `GET connect/auth?response_type=code` */
export const authCodeSchema = z.object({ code: z.string().min(1) });

const clubSchema = z.object({
  year: z.union([z.string(), z.number()]).transform(String),
  platform: z.string(),
  clubName: z.string().optional(),
  clubAbbr: z.string().optional(),
  established: z.union([z.string(), z.number()]).optional(),
  /** The club's crest: the web app shows it as the club's picture. */
  badgeId: z.number().int().nonnegative().optional(),
  skuAccessList: z.record(z.string(), z.unknown()).optional(),
});

const personaSchema = z.object({
  personaId: z.number().int(),
  personaName: z.string(),
  userClubList: z.array(clubSchema).default([]),
});
export type Persona = z.infer<typeof personaSchema>;

/** `GET v2/user/accountinfo` */
export const accountInfoSchema = z.object({
  userAccountInfo: z.object({ personas: z.array(personaSchema).default([]) }),
});

/** `POST /ut/auth`; some servers send the sid only in the `X-UT-SID` header. */
export const utAuthSchema = z.object({
  sid: z.string().min(1).optional(),
  phishingToken: z.string().optional(),
  ipPort: z.string().optional(),
  protocol: z.string().optional(),
  serverTime: z.string().optional(),
  lastOnlineTime: z.string().optional(),
});
