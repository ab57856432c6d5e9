import { paths } from '../config/paths';

/** The five legal pages of spec §2, in the footer's order: address, title and current version. */
export const legalDocuments = [
  { path: paths.termsOfUse, title: 'Terms of Use', updatedOn: '2026-11-25' },
  { path: paths.privacyPolicy, title: 'Privacy Policy', updatedOn: '2026-11-25' },
  { path: paths.cookiePolicy, title: 'Cookie Policy', updatedOn: '2026-11-25' },
  { path: paths.refundPolicy, title: 'Refund Policy', updatedOn: '2026-11-25' },
  { path: paths.affiliateProgramPolicy, title: 'Affiliate Program Policy', updatedOn: '2026-11-25' },
] as const;

export type LegalDocument = (typeof legalDocuments)[number];
export type LegalPath = LegalDocument['path'];
