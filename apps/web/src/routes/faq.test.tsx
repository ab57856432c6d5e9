import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { env } from '../config/env';
import { faqSections } from '../content/faq';
import { renderWithProviders } from '../test/render';
import { FaqPage } from './faq';

const question = (name: string) => screen.getByRole('button', { name });
const openQuestions = () =>
  screen.getAllByRole('button', { expanded: true }).map((button) => button.textContent?.replace(/[−+]$/, ''));

describe('FAQ page', () => {
  it('groups the questions under General, Usage, Safety, Technical, Billing and Support', () => {
    renderWithProviders(<FaqPage />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'General',
      'Usage',
      'Safety',
      'Technical',
      'Billing',
      'Support',
    ]);
  });

  it('opens the first question on arrival and keeps one answer open at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />);
    expect(openQuestions()).toEqual(['What is Trade Desk?']);
    expect(screen.getByRole('region', { name: 'What is Trade Desk?' }).hidden).toBe(false);

    await user.click(question('Can my game account be banned?'));
    expect(openQuestions()).toEqual(['Can my game account be banned?']);
    expect(screen.getByRole('region', { name: 'Can my game account be banned?' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What is Trade Desk?' })).toBeNull();

    await user.click(question('Can my game account be banned?'));
    expect(screen.queryAllByRole('button', { expanded: true })).toEqual([]);
  });

  it('states the risk to game accounts: bans and losing coins and cards', async () => {
    renderWithProviders(<FaqPage />);
    await userEvent.setup().click(question('Can my game account be banned?'));
    const answer = screen.getByRole('region', { name: 'Can my game account be banned?' });
    expect(answer.textContent).toMatch(/temporary transfer-market ban, a permanent ban/);
    expect(answer.textContent).toMatch(/losing the coins and player cards/);
  });

  it.each([
    'supported. Headful runs a visible browser',
    'Headless runs in the background',
    'a 3-day free trial. Raise a support ticket in the community server',
    'available 24/7 from our team on GMT+8, and a typical reply takes 2-4 hours',
    'major credit and debit cards, a payment wallet, and a stablecoin on one chain',
    'money-transfer service, a payment wallet, a digital bank or a crypto exchange stablecoin',
    'Subscriptions are not recurring',
    'decided case by case, and a dispute must be raised within 72 hours',
    'for non-delivery, a duplicate payment or a payment-verification problem',
    'not given for dissatisfaction, completed orders, cancellations or fraud',
    'A coin transfer takes about 5-15 minutes. The 5% platform tax of the game is covered by the seller',
    'There are no refunds after delivery',
    'Account orders take a few days',
    '1 credit when it succeeds and nothing when it fails',
    'One account at a time by default. Each extra snipe licence',
  ])('states the fact "%s"', (fact) => {
    const { container } = renderWithProviders(<FaqPage />);
    expect(container.textContent?.replace(/\s+/g, ' ')).toContain(fact);
  });

  it('links to the community server and to the refund policy page', async () => {
    renderWithProviders(<FaqPage />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'community server' }).getAttribute('href')).toBe(
      env.communityUrl,
    );
    expect(within(header).getByRole('link', { name: 'refund policy' }).getAttribute('href')).toBe(
      '/refund-policy',
    );
  });

  it('keeps every question unique so each answer has its own name', () => {
    const questions = faqSections.flatMap((section) => section.items.map((item) => item.question));
    expect(new Set(questions).size).toBe(questions.length);
  });
});
