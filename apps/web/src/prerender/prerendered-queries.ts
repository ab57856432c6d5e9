import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** An API read a prerendered page draws: the app's query key and the address it asks. */
export type PageQuery = { readonly queryKey: QueryKey; readonly address: string };

/** A read with the answer (its `data`) the build drew the page with. */
export type PrerenderedQuery = PageQuery & { readonly data: unknown };

/**
 * The id of the block that carries a page's `PrerenderedQuery` list. The server reads it too
 * (apps/server/src/web/prerendered.ts): it sends the page only while it answers the same, so the
 * app may start from these answers instead of asking again before it draws.
 */
export const prerenderedQueriesId = 'prerendered-queries';

/** The block for a page's HTML (JSON in a script that never runs: no "<" in it). */
export function prerenderedQueriesBlock(queries: readonly PrerenderedQuery[]): string {
  const json = JSON.stringify(queries).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${prerenderedQueriesId}">${json}</script>`;
}

/** Puts the answers into the query cache, so the first render draws what the HTML shows. */
export function seedQueries(queryClient: QueryClient, queries: readonly PrerenderedQuery[]): void {
  for (const query of queries) queryClient.setQueryData(query.queryKey, query.data);
}

/** The answers the page arrived with; none when it has no block (or it cannot be read). */
export function prerenderedQueries(document: Document): PrerenderedQuery[] {
  const text = document.getElementById(prerenderedQueriesId)?.textContent;
  if (!text) return [];
  try {
    const queries: unknown = JSON.parse(text);
    return Array.isArray(queries) ? (queries as PrerenderedQuery[]) : [];
  } catch {
    return [];
  }
}
