import { Link } from 'react-router';
import { FaqAccordion } from '../components/faq-accordion';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { faqSections } from '../content/faq';
import { useDocumentTitle } from '../hooks/use-document-title';

export function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Frequently asked questions</h1>
        <p className="opacity-80">
          Can&apos;t find your answer? Open a ticket in our{' '}
          <a href={env.communityUrl} target="_blank" rel="noreferrer" className="link link-primary">
            community server
          </a>{' '}
          or read the{' '}
          <Link to={paths.refundPolicy} className="link link-primary">
            refund policy
          </Link>
          .
        </p>
      </header>
      <FaqAccordion sections={faqSections} />
    </article>
  );
}
