import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';
import { startSnipeWithFilters } from './snipe-run-helpers';

test.use({ viewport: { width: 1280, height: 900 } });

// docs/decisions/web.md: editing the running filter, or the time, advanced or market configuration,
// while an account snipes asks first; a run keeps what it started with.
test('changes a running account uses ask for confirmation first; Cancel keeps them unsaved', async ({
  page,
  server,
}) => {
  const email = 'confirm@example.com';
  await openSnipeDashboard(page, server.baseURL, 'confirm');
  await createAccountThroughForm(page, { email });
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const row = await startSnipeWithFilters(page, email, ['Running one']);
  let filterSaves = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/filter') filterSaves += 1;
  });
  await expect(row.getByRole('button', { name: 'Stop Snipe' })).toBeVisible();

  // The running filter, edited in the dashboard's filter place.
  await page.getByText('Filters', { exact: true }).click();
  const panel = page.getByRole('region', { name: 'Filter configuration' });
  await panel.getByRole('tab', { name: /Running one/ }).click();
  const form = panel.getByRole('form');
  const maxPrice = form.getByLabel('Max Buy Now Price', { exact: true });
  await maxPrice.fill('6000');
  await maxPrice.blur();
  await form.getByRole('button', { name: 'Save' }).click();
  const filterQuestion = page.getByRole('dialog', { name: 'Update a running filter?' });
  await expect(filterQuestion).toContainText(`${email} is sniping with Running one.`);
  await expect(filterQuestion).toContainText('applies from its next start');
  await filterQuestion.getByRole('button', { name: 'Cancel' }).click();
  await expect(filterQuestion).toHaveCount(0);
  expect(filterSaves).toBe(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await filterQuestion.getByRole('button', { name: 'Save anyway' }).click();
  // The filter saved on Start may still show its own 'Updated filters' toast.
  await expect(page.getByText('Updated filters').last()).toBeVisible();
  await expect.poll(() => filterSaves).toBe(1);

  // A configuration group the run started with.
  await page.getByRole('button', { name: 'Advanced Configuration' }).click();
  const advanced = page.getByRole('dialog', { name: 'Advanced Configuration' });
  await advanced.getByLabel('Number of Search Results').fill('15');
  await advanced.getByRole('button', { name: 'Save' }).click();
  const configQuestion = page.getByRole('dialog', { name: 'Update the configuration while sniping?' });
  await expect(configQuestion).toContainText(`${email} is sniping now.`);
  await expect(configQuestion).toContainText('keep the advanced configuration they started with');
  await configQuestion.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByText('Updated premium config')).toBeVisible();
  await expect(advanced.getByRole('button', { name: 'Save' })).toBeDisabled();
  await advanced.getByText('Close', { exact: true }).click();

  // Stopped: nothing runs, so a change saves without a question.
  await row.getByRole('button', { name: 'Stop Snipe' }).click();
  await expect(page.getByText(`Snipe stopped for ${email}`)).toHaveCount(1);
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();
  await maxPrice.fill('7000');
  await maxPrice.blur();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => filterSaves).toBe(2);
  await expect(filterQuestion).toHaveCount(0);
});
