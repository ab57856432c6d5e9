import { FaqAccordion } from '../components/faq-accordion';
import { CommunityLink, RefundPolicyLink } from '../components/site-links';
import { faqSections } from '../content/faq';
import { useDocumentTitle } from '../hooks/use-document-title';

export function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Frequently asked questions</h1>
        <p className="opacity-80">
          Can&apos;t find your answer? Open a ticket in our <CommunityLink /> or read the <RefundPolicyLink />
          .
        </p>
      </header>
      <FaqAccordion sections={faqSections} />
    </article>
  );
}
