import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { fakeFetch, renderWithProviders } from '../test/render';
import { userAnswer } from '../test/user-answer';
import { routes } from './router';

/** Spec §2 routes (written out, not taken from the app's path table) and the page each opens. */
const publicPages: Array<[string, string]> = [
  ['/subscription', 'Subscription'],
  ['/vps', 'VPS plans'],
  ['/accounts', 'Account plans'],
  ['/coins', 'Coins'],
  ['/terms-of-use', 'Terms of Use'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/affiliate-program-policy', 'Affiliate Program Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/blog', 'Blog'],
  ['/blog/how-to-unlock-transfer-market', 'How to unlock the transfer market'],
  ['/blog/e3b9c41f', 'Safe trading habits that keep accounts trading'],
  ['/faq', 'Frequently asked questions'],
  ['/login', 'Login'],
  ['/not-found', 'Page not found'],
];

function renderAt(path: string) {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      // A verified user on the Transfer plan, for the pages that read the signed-in user.
      'GET /api/user': userAnswer({ username: 'demo' }),
      'POST /api/auth/fingerprint': { status: 200, body: { data: { valid: true } } },
      'GET /api/notification': { status: 200, body: { data: [] } },
    }).fetchStub,
  );
  return renderWithProviders(<></>, { path, routes });
}

describe('the routes of spec §2', () => {
  beforeEach(() => useAuthStore.getState().clearSession());
  afterEach(() => vi.unstubAllGlobals());

  it.each(publicPages)('%s opens the %s page for everyone', async (path, title) => {
    const { router } = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/transfer', '/sbc'])(
    'sends a visitor of %s to sign in (the pages themselves are tested in their features)',
    async (path) => {
      const visitor = renderAt(path);
      await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    },
  );

  it('/snipe shows a Transfer-plan user the plan it needs instead of the dashboard', async () => {
    useAuthStore.setState({ token: 'licence-token' });
    renderAt('/snipe');
    expect((await screen.findByRole('alert')).textContent).toBe('Sniping needs the Snipe plan. See plans');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscription');
    expect(screen.queryByText('Loading the snipe dashboard…')).toBeNull();
  });

  it('has a footer with the five legal links and the social links', async () => {
    renderAt('/blog');
    const legal = within(await screen.findByRole('navigation', { name: 'Legal' }));
    expect(legal.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/terms-of-use',
      '/privacy-policy',
      '/cookie-policy',
      '/refund-policy',
      '/affiliate-program-policy',
    ]);
    const social = within(screen.getByRole('navigation', { name: 'Social' })).getAllByRole('link');
    expect(social.map((link) => link.textContent)).toEqual(['Discord', 'X', 'YouTube']);
    for (const link of social) expect(link.getAttribute('target')).toBe('_blank');
  });
});
