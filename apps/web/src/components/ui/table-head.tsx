type TableHeadProps = {
  /** The visible column titles, in order. */
  columns: readonly string[];
  /**
   * A last column of row buttons (Remove, Buy…) whose title only screen readers need: the buttons
   * name themselves, so the column stays visually untitled.
   */
  actionColumn?: string;
  /** Classes of the `thead` (e.g. `stackedTable.head`). */
  className?: string;
};

/** A table's header row: one `th` per column, plus an optional visually hidden action column. */
export function TableHead({ columns, actionColumn, className }: TableHeadProps) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column}>{column}</th>
        ))}
        {actionColumn !== undefined && (
          <th>
            <span className="sr-only">{actionColumn}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
