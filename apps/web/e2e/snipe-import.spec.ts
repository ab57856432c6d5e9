import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

const csvFile = (lines: string[]) => ({
  name: 'accounts.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n')),
});

test('a CSV import previews success, warning and error rows and imports only the good ones', async ({
  page,
  server,
}) => {
  await openSnipeDashboard(page, server.baseURL, 'imp');
  await createAccountThroughForm(page, { email: 'already@example.com' });
  await expect(page.getByRole('row', { name: /already@example\.com/ })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Import Accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Accounts' });
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile([
        'email,password,backup code,platform,manual login',
        'fresh@example.com,secret-pass-1,ABCD1234,pc,false',
        'already@example.com,secret-pass-2,ABCD1234,ps,true',
        'not-an-email,secret-pass-3,ABCD1234,pc,true',
      ]),
    );
  await expect(page.getByText('Row 3: Email must be a valid e-mail address')).toBeVisible();
  const rows = dialog.getByRole('row');
  await expect(rows.filter({ hasText: 'fresh@example.com' })).toHaveAttribute('data-state', 'success');
  await expect(rows.filter({ hasText: 'already@example.com' })).toHaveAttribute('data-state', 'warning');
  await expect(rows.filter({ hasText: 'not-an-email' })).toHaveAttribute('data-state', 'error');
  await expect(confirm).toBeDisabled();

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile([
        'email,password,backup code,platform,manual login',
        'fresh@example.com,secret-pass-1,ABCD1234,pc,false',
        'already@example.com,secret-pass-2,ABCD1234,ps,true',
      ]),
    );
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByText('1 accounts imported successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: /fresh@example\.com/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /already@example\.com/ })).toHaveCount(1);
});
