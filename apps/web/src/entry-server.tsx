import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { AppToaster } from './components/ui/app-toaster';
import { faqSections } from './content/faq';
import { createQueryClient } from './lib/query-client';
import { seedQueries, type PrerenderedQuery } from './prerender/prerendered-queries';

export { renderRobots, renderSitemap } from './config/sitemap';
export { documentTitle, publicPages, siteOriginPlaceholder, type PublicPage } from './prerender/public-pages';
export { prerenderedQueriesBlock } from './prerender/prerendered-queries';

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The app's markup at `path` for a signed-out visitor in the light theme, as the browser's first
 * render draws it (main.tsx hydrates it), with `queries` already answered (none: the page's
 * reads are loading). `prerenderToNodeStream` waits for the lazy pages.
 */
export async function renderPage(path: string, queries: readonly PrerenderedQuery[] = []): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient({ onUnauthorized: () => undefined });
  seedQueries(queryClient, queries);
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <AppToaster />
    </QueryClientProvider>,
    // One piece of HTML: React would otherwise move a long page (the FAQ) into a template that an
    // inline script puts in place, which the CSP (scripts by hash only) forbids.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return readAll(prelude);
}

/** The FAQ as schema.org FAQPage data: every question with its answer as plain text. */
export function faqStructuredData(): Record<string, unknown> {
  const plainText = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqSections.flatMap((section) =>
      section.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: {
          '@type': 'Answer',
          // The answers hold links (a router's), which the text keeps as their words.
          text: plainText(renderToStaticMarkup(<MemoryRouter>{item.answer}</MemoryRouter>)),
        },
      })),
    ),
  };
}
