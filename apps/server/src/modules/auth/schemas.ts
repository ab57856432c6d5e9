import { z } from 'zod';

// The auth service answers missing fields with the spec's credential codes, not zod's texts.
const required = (code: string) => z.string({ required_error: code, invalid_type_error: code });

export const tokenSignInBody = z.object({
  username: required('missing_credentials').trim().min(1, 'missing_credentials'),
  token: required('missing_credentials').trim().min(1, 'Invalid token'),
  fingerprint: required('missing_credentials').min(1, 'missing_credentials'),
  isIFrame: z.boolean().default(false),
});

export const codeSignInBody = z.object({
  username: required('missing_data').trim().min(1, 'missing_data'),
  code: z.string({ invalid_type_error: 'missing_data' }).trim().optional(),
  fingerprint: z.string({ invalid_type_error: 'missing_data' }).optional(),
  isIFrame: z.boolean().optional(),
});

export const fingerprintBody = z.object({
  fingerprint: required('missing_data').min(1, 'missing_data'),
  isIFrame: z.boolean().default(false),
});

export const forceLogoutBody = z.object({
  token: required('missing_credentials').trim().min(1, 'Invalid token'),
});
