import { useEffect } from 'react';

/** Names the browser tab after the page ("Snipe · Trade Desk"), or just the product on home. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Trade Desk` : 'Trade Desk';
  }, [title]);
}
