import { Table, UnstyledButton } from '@mantine/core';

/** Which column a table is sorted by, and which way. */
export interface SortState<K extends string> {
  key: K;
  descending: boolean;
}

export interface SortableColumn<K extends string> {
  key: K;
  label: string;
  numeric?: boolean;
  /** Shown on wide screens only. */
  wideOnly?: boolean;
}

/**
 * A header row whose columns sort the table: a click sorts by the column (numbers largest
 * first, text A to Z), a second click turns the order round. `aria-sort` tells screen readers.
 */
export function SortableHeads<K extends string>({ columns, sort, onSort, after = [] }: { columns: SortableColumn<K>[]; sort: SortState<K>; onSort: (next: SortState<K>) => void; after?: { label: string; hidden?: boolean }[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const active = column.key === sort.key;
          const next = active ? { key: column.key, descending: !sort.descending } : { key: column.key, descending: column.numeric === true };
          return (
            <Table.Th key={column.key} scope="col" ta={column.numeric ? 'right' : undefined} visibleFrom={column.wideOnly ? 'sm' : undefined} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
              <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
                {column.label}
                <span aria-hidden="true">{active ? (sort.descending ? ' ↓' : ' ↑') : ''}</span>
              </UnstyledButton>
            </Table.Th>
          );
        })}
        {/* Columns after the sortable ones that do not sort (what is read, not compared; the actions). */}
        {after.map((column) => (
          <Table.Th key={column.label} scope="col">
            {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
