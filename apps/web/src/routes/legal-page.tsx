import { MarkdownContent } from '../components/markdown-content';
import { formatContentDate } from '../utils/format';
import type { LegalDocument } from '../content/legal-documents';
import { legalTexts } from '../content/legal-texts';
import { useDocumentTitle } from '../hooks/use-document-title';

/** One legal page (terms, privacy, cookies, refunds, affiliate programme) from its Markdown file. */
export function LegalPage({ document }: { document: LegalDocument }) {
  useDocumentTitle(document.title);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4">
      <header>
        <h1 className="text-3xl font-bold">{document.title}</h1>
        <p className="mt-1 text-sm opacity-70">
          Last updated <time dateTime={document.updatedOn}>{formatContentDate(document.updatedOn)}</time>
        </p>
      </header>
      <MarkdownContent markdown={legalTexts[document.path]} />
    </article>
  );
}
