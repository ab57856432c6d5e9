import { Marked, type Tokens } from 'marked';

/** Link targets an article may use: this site's own paths, web pages and e-mail. */
const isSafeHref = (href: string) => /^(\/(?!\/)|#|https:\/\/|http:\/\/|mailto:)/i.test(href);
const isExternalHref = (href: string) => /^(https?:|mailto:)/i.test(href);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The site's Markdown dialect (GitHub flavour). Raw HTML in the source is dropped rather than passed
 * through, and links to anything but http(s), mailto or this site's paths render as plain text, so
 * what reaches the page is only the HTML marked itself writes.
 */
const siteMarked = new Marked({
  gfm: true,
  renderer: {
    html: () => '',
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (!isSafeHref(token.href)) return text;
      if (!isExternalHref(token.href)) return false;
      return `<a href="${escapeAttribute(token.href)}" target="_blank" rel="noreferrer">${text}</a>`;
    },
    image: ({ text }: Tokens.Image) => escapeAttribute(text),
  },
});

/** Converts trusted-shape Markdown (the repository's articles and policies) to HTML. */
export function markdownToHtml(markdown: string): string {
  return siteMarked.parse(markdown, { async: false });
}
