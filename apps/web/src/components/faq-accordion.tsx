import { useId, useState } from 'react';
import type { FaqSection } from '../content/faq';

type FaqAccordionProps = {
  sections: readonly FaqSection[];
  /** Hide the section headings (a page showing a single section has its own title). */
  showSectionTitles?: boolean;
};

const itemKey = (sectionIndex: number, itemIndex: number) => `${sectionIndex}:${itemIndex}`;

/**
 * The FAQ accordion of spec §2: one answer open at a time across all sections, the first open on
 * arrival; clicking the open question closes it. The page is prerendered: a question clicked before
 * the app has taken it over is clicked again once it has (prerender/app-start-script.ts).
 */
export function FaqAccordion({ sections, showSectionTitles = true }: FaqAccordionProps) {
  const [openKey, setOpenKey] = useState<string | null>(itemKey(0, 0));
  const baseId = useId();
  return (
    <div className="flex flex-col gap-8">
      {sections.map((section, sectionIndex) => (
        <section key={section.id} aria-labelledby={`${baseId}-${section.id}`} className="flex flex-col gap-2">
          <h2
            id={`${baseId}-${section.id}`}
            className={showSectionTitles ? 'text-xl font-semibold' : 'sr-only'}
          >
            {section.title}
          </h2>
          {section.items.map((item, itemIndex) => {
            const key = itemKey(sectionIndex, itemIndex);
            const isOpen = openKey === key;
            const answerId = `${baseId}-${section.id}-${itemIndex}`;
            return (
              <div key={item.question} className="bg-base-200 border-base-300 rounded-box border">
                <h3>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium"
                    aria-expanded={isOpen}
                    aria-controls={answerId}
                    onClick={() => setOpenKey(isOpen ? null : key)}
                  >
                    <span>{item.question}</span>
                    <span aria-hidden className="text-lg leading-none opacity-60">
                      {isOpen ? '−' : '+'}
                    </span>
                  </button>
                </h3>
                <div
                  id={answerId}
                  role="region"
                  aria-label={item.question}
                  hidden={!isOpen}
                  className="flex flex-col gap-2 px-4 pb-4 leading-relaxed opacity-90"
                >
                  {item.answer}
                </div>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
