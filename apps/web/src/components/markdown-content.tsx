import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { markdownToHtml } from '../lib/markdown';

/**
 * Shows a Markdown document from the repository as the page's prose. Links to this site's own
 * paths move inside the app (no full reload); outside links open in a new tab.
 */
export function MarkdownContent({ markdown }: { markdown: string }) {
  const navigate = useNavigate();
  const html = useMemo(() => markdownToHtml(markdown), [markdown]);

  const followSiteLinks = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || anchor?.target || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    // The HTML comes from markdownToHtml, which drops raw HTML and unsafe links.
    <div className="prose-site" onClick={followSiteLinks} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
