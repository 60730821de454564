import type { ReactNode } from 'react';

interface AdminTableProps<Row> {
  /** The table's accessible name, when the tab has more than one list. */
  label?: string;
  /** The column headings, in order. */
  columns: ReactNode[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** One row's cells (<td>s), in the columns' order. */
  children: (row: Row) => ReactNode;
}

/**
 * The dashboard tabs' list table (scrolling wrapper, headings, one row per item), so the Events,
 * News and Users tabs state only their columns and cells. Styles: admin.css `.table`.
 */
export function AdminTable<Row>({ label, columns, rows, rowKey, children }: AdminTableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>{children(row)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
