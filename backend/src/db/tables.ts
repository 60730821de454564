import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

/** A module's table, as its *.schema.ts exports it (registrations name the tables they cover). */
export type Table = PgTable;

export function isTable(value: unknown): value is Table {
  return is(value, PgTable);
}

/** The table's name in SQL, e.g. `directory_listings`. */
export function tableName(table: Table): string {
  return getTableConfig(table).name;
}

export function columnNames(table: Table): string[] {
  return getTableConfig(table).columns.map((column) => column.name);
}

/** The columns of `table` that hold a foreign key to the table named `target`. */
export function columnsReferencing(table: Table, target: string): string[] {
  return getTableConfig(table)
    .foreignKeys.map((key) => key.reference())
    .filter((reference) => tableName(reference.foreignTable) === target)
    .flatMap((reference) => reference.columns.map((column) => column.name));
}
