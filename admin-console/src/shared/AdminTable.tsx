import { useRef, type ReactNode } from 'react';
import { useFocusRecovery } from './useFocusRecovery';

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
 * News and Users tabs state only their columns and cells. Styles: admin.css `.table`. A row
 * action that removes or disables its button leaves the focus in the table (useFocusRecovery).
 */
export function AdminTable<Row>({ label, columns, rows, rowKey, children }: AdminTableProps<Row>) {
  const wrap = useRef<HTMLDivElement>(null);
  useFocusRecovery(wrap);
  return (
    <div ref={wrap} className="table-wrap">
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
