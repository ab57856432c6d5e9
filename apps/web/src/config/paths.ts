import { sitePaths } from '@tradedesk/domain';

/** Every route of the site, in one place (shared with the server in @tradedesk/domain). */
export const paths = sitePaths;

/** The address of the blog article with this hash (`paths.blogPost`). */
export const blogPostPath = (hash: string) => paths.blogPost.replace(':hash', encodeURIComponent(hash));

export type AppPath = (typeof paths)[keyof typeof paths];

/** The login address that brings the user back to `from` once signed in. */
export function loginPathFor(from: string): string {
  if (!from || from === paths.login || from === paths.home) return paths.login;
  return `${paths.login}?redirectTo=${encodeURIComponent(from)}`;
}

/** Only same-site paths may be redirect targets (never another origin). */
export function safeRedirectTarget(value: string | null): string {
  if (value && value.startsWith('/') && !value.startsWith('//')) return value;
  return paths.home;
}
