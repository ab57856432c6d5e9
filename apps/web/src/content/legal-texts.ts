import type { LegalPath } from './legal-documents';
import affiliateProgramPolicy from './legal/affiliate-program-policy.md?raw';
import cookiePolicy from './legal/cookie-policy.md?raw';
import privacyPolicy from './legal/privacy-policy.md?raw';
import refundPolicy from './legal/refund-policy.md?raw';
import termsOfUse from './legal/terms-of-use.md?raw';

/** The Markdown text of each legal page, bundled at build time (kept apart from the route list). */
export const legalTexts: Record<LegalPath, string> = {
  '/terms-of-use': termsOfUse,
  '/privacy-policy': privacyPolicy,
  '/cookie-policy': cookiePolicy,
  '/refund-policy': refundPolicy,
  '/affiliate-program-policy': affiliateProgramPolicy,
};
