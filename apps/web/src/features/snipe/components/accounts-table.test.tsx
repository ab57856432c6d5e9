import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountsTable } from './accounts-table';

const renderRow = () => null;

describe('AccountsTable', () => {
  it("loads in the table's own empty row, which 'No accounts found' then takes (nothing below moves)", () => {
    const { rerender } = render(<AccountsTable accounts={undefined} isLoading renderRow={renderRow} />);
    const loadingRow = screen.getByRole('status', { name: 'Loading accounts' }).closest('tr');
    expect(loadingRow).not.toBeNull();
    expect(screen.getByRole('table').contains(loadingRow)).toBe(true);

    rerender(<AccountsTable accounts={[]} isLoading={false} renderRow={renderRow} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    // The header row and the one row, whose cell now says so in the same box.
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('No accounts found').className).toBe(
      loadingRow!.querySelector('td > div')!.className,
    );
    expect(screen.queryByRole('status', { name: 'Loading accounts' })).toBeNull();
  });
});
