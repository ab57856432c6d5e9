import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/router';
import { blogArticles } from '../content/blog/articles';
import { legalDocuments } from '../content/legal-documents';
import { useAuthStore } from '../stores/auth-store';
import { fakeFetch, renderWithProviders } from '../test/render';

// Visitors' pages: the app shell asks the server nothing for a signed-out visitor.
const renderSite = (path: string) => renderWithProviders(<></>, { path, routes });

describe('public site pages', () => {
  beforeEach(() => {
    useAuthStore.getState().clearSession();
    vi.stubGlobal('fetch', fakeFetch({}).fetchStub);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a card per article with its title, description and image, opening in a new tab', async () => {
    renderSite('/blog');
    const cards = within(await screen.findByRole('list', { name: 'Articles' })).getAllByRole('link');
    expect(cards).toHaveLength(blogArticles.length);
    blogArticles.forEach((article, index) => {
      const card = cards[index]!;
      expect(card.getAttribute('href')).toBe(article.path);
      expect(card.getAttribute('target')).toBe('_blank');
      expect(within(card).getByRole('heading', { name: article.title })).toBeTruthy();
      expect(within(card).getByText(article.description)).toBeTruthy();
      expect(within(card).getByRole('img', { name: article.image.alt }).getAttribute('src')).toBe(
        article.image.src,
      );
    });
    expect(cards[0]!.getAttribute('href')).toBe('/blog/how-to-unlock-transfer-market');
  });

  it('renders the transfer-market guide from its Markdown file', async () => {
    renderSite('/blog/how-to-unlock-transfer-market');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How to unlock the transfer market' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Why the market is locked' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Step by step' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    // The tab's name is set in an effect after the page paints: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('How to unlock the transfer market · Trade Desk'));
  });

  it('renders an article by its hash, and its site links move inside the app', async () => {
    const { router } = renderSite('/blog/7a5d2c08');
    expect(await screen.findByRole('heading', { level: 1, name: 'How sniping works' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('cell', { name: '+1,400' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('link', { name: 'guide to safe trading habits' }));
    expect(router.state.location.pathname).toBe('/blog/e3b9c41f');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Safe trading habits that keep accounts trading',
      }),
    ).toBeTruthy();
  });

  it('shows the not-found page at an unknown article’s address, without redirecting (no soft 404)', async () => {
    const { router } = renderSite('/blog/0000dead');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/blog/0000dead');
  });

  it.each(legalDocuments.map((document) => [document.path, document.title]))(
    '%s shows the %s text with its date',
    async (path, title) => {
      renderSite(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText('25 November 2026')).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    },
  );

  it('states in the terms the risk of bans and that the game publisher is not involved', async () => {
    renderSite('/terms-of-use');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    const text = document.body.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('not affiliated with, endorsed by or supported by the publisher of the game');
    expect(text).toContain('The publisher can restrict or ban any account it believes is automated');
  });

  it('gives the refund rules of the FAQ in the refund policy', async () => {
    renderSite('/refund-policy');
    await screen.findByRole('heading', { level: 1, name: 'Refund Policy' });
    const text = document.body.textContent!.replace(/\s+/g, ' ');
    for (const fact of [
      'Refunds are decided case by case',
      'within 72 hours',
      'Non-delivery',
      'Duplicate payment',
    ])
      expect(text).toContain(fact);
  });

  it('shows Console and PC account plans as coming soon, with the disclaimers', async () => {
    renderSite('/accounts');
    for (const platform of ['Console', 'PC']) {
      const column = await screen.findByRole('region', { name: platform });
      expect(within(column).getByText('Coming soon!')).toBeTruthy();
    }
    const disclaimers = within(screen.getByRole('region', { name: 'Disclaimers' })).getAllByRole('listitem');
    expect(disclaimers.map((item) => item.textContent).join(' ')).toMatch(/bans.*loss of coins and cards/);
  });

  it('links the FAQ, blog, account plans and the five legal pages from the footer', async () => {
    renderSite('/faq');
    await screen.findByRole('heading', { name: 'Frequently asked questions' });
    const footerLinks = [
      ...within(screen.getByRole('navigation', { name: 'Help' })).getAllByRole('link'),
      ...within(screen.getByRole('navigation', { name: 'Legal' })).getAllByRole('link'),
    ].map((link) => link.getAttribute('href'));
    expect(footerLinks).toEqual(
      expect.arrayContaining([
        '/faq',
        '/blog',
        '/accounts',
        ...legalDocuments.map((document) => document.path),
      ]),
    );
  });
});
