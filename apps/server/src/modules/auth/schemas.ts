import { messages } from '@tradedesk/domain';
import { z } from 'zod';

// The domain's login schemas leave username and fingerprint optional (the web fills them); the
// server answers missing fields with the spec's credential codes, so it states them here.
const required = (code: string) => z.string({ required_error: code, invalid_type_error: code });

export const tokenSignInBody = z.object({
  username: required('missing_credentials').trim().min(1, 'missing_credentials'),
  token: required('missing_credentials').trim().min(1, messages.invalidToken),
  fingerprint: required('missing_credentials').min(1, 'missing_credentials'),
  isIFrame: z.boolean().default(false),
});

export const codeSignInBody = z.object({
  username: required('missing_data').trim().min(1, 'missing_data'),
  code: z.string({ invalid_type_error: 'missing_data' }).trim().optional(),
  fingerprint: z.string({ invalid_type_error: 'missing_data' }).optional(),
  isIFrame: z.boolean().optional(),
});

export {
  fingerprintSchema as fingerprintBody,
  forceLogoutSchema as forceLogoutBody,
} from '@tradedesk/domain';
