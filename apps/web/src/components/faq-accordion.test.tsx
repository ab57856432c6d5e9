import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { faqSections } from '../content/faq';
import { FaqAccordion } from './faq-accordion';

// The answers link to other pages of the site, so the accordion renders inside a router.
const accordion = () => (
  <MemoryRouter>
    <FaqAccordion sections={faqSections} />
  </MemoryRouter>
);

const questionButtons = (container: HTMLElement) =>
  [...container.querySelectorAll('h3 button')] as HTMLButtonElement[];

describe('FaqAccordion on a prerendered page', () => {
  it('arrives with the first answer open and every question clickable, and answers clicks once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(accordion());
    const before = questionButtons(container);
    expect(before.length).toBeGreaterThan(1);
    // Enabled in the HTML: an early click must reach the app start script, which replays it.
    expect(before.every((button) => !button.disabled)).toBe(true);
    expect(before[0]?.getAttribute('aria-expanded')).toBe('true');

    await act(async () => {
      hydrateRoot(container, accordion());
    });
    const after = questionButtons(container);
    await act(async () => {
      after[1]?.click();
    });
    expect(after[1]?.getAttribute('aria-expanded')).toBe('true');
    expect(after[0]?.getAttribute('aria-expanded')).toBe('false');
  });
});
