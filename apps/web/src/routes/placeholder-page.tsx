import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';

type PlaceholderPageProps = { title: string; children: ReactNode };

/** A page that is not built yet: its title and what it will hold (never fake data). */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-3xl font-bold">{title}</h1>
      <div className="alert bg-base-200 border-base-300">
        <span>{children}</span>
      </div>
    </section>
  );
}
