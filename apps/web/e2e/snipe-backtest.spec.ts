import { expect, test } from './support/fixtures';
import { openSnipeDashboard, saveCheapGoldsFilter } from './snipe-helpers';

test.use({ viewport: { width: 1280, height: 900 } });

/** A rehearsal runs two sandbox worlds on the agent; a loaded machine may take minutes. */
const rehearsalDeadlineMs = 300_000;

test('a filter is rehearsed in the sandbox beside the classic autobuyer, with its result and chart', async ({
  page,
  server,
}) => {
  test.setTimeout(rehearsalDeadlineMs + 60_000);
  await openSnipeDashboard(page, server.baseURL, 'rehearse');

  await page.getByText('Filters', { exact: true }).click();
  const rehearsal = page.getByRole('region', { name: 'Rehearse in sandbox' });
  // Nothing selected yet: nothing to rehearse.
  await expect(rehearsal.getByRole('button', { name: 'Rehearse in sandbox' })).toBeDisabled();

  await saveCheapGoldsFilter(page);

  // The saved filter stays selected: rehearse it for a quarter of a virtual hour.
  await expect(rehearsal.getByText(/Runs Cheap golds with your configuration/)).toBeVisible();
  await rehearsal.getByLabel('Virtual span').selectOption({ label: '15 minutes' });
  await rehearsal.getByRole('button', { name: 'Rehearse in sandbox' }).click();

  // What the user waits for says so.
  await expect(rehearsal.getByRole('status', { name: 'Rehearsal progress' })).toBeVisible();
  await expect(rehearsal.getByRole('button', { name: 'Rehearsing…' })).toBeDisabled();

  const comparison = rehearsal.getByRole('table', { name: 'Rehearsal comparison' });
  await expect(comparison).toBeVisible({ timeout: rehearsalDeadlineMs });
  await expect(comparison.getByRole('columnheader', { name: 'Your filters' })).toBeVisible();
  await expect(comparison.getByRole('columnheader', { name: 'Classic autobuyer' })).toBeVisible();
  for (const row of ['Profit', 'Wins', 'Losses', 'Requests', 'Soft-ban risk'])
    await expect(comparison.locator('tbody th', { hasText: new RegExp(`^${row}$`) })).toBeVisible();
  await expect(rehearsal.getByText(/^15 virtual minutes on a sandbox market/)).toBeVisible();

  // The profit-over-time chart draws both sides.
  const chart = rehearsal.getByRole('region', { name: 'Profit over time' });
  await expect(chart.locator('.recharts-line')).toHaveCount(2);
  await expect(chart.getByText('Your filters')).toBeVisible();
  await expect(chart.getByText('Classic autobuyer')).toBeVisible();
  await expect(rehearsal.getByRole('region', { name: 'Best trades' })).toBeVisible();
  await expect(rehearsal.getByRole('region', { name: 'Worst trades' })).toBeVisible();

  // The result is kept for this version of the filter: a reload shows it again, the user's only
  // filter being chosen when Filters opens.
  await page.reload();
  await page.getByText('Filters', { exact: true }).click();
  await expect(
    page
      .getByRole('region', { name: 'Rehearse in sandbox' })
      .getByRole('table', { name: 'Rehearsal comparison' }),
  ).toBeVisible({ timeout: 30_000 });
});
