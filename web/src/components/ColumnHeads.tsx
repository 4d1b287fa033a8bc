import { Table } from '@mantine/core';

/** A column: its label, or the label with how it shows (numbers to the right, wide screens only, read aloud only). */
export type Column = string | { label: string; numeric?: boolean; wideOnly?: boolean; labelHidden?: boolean };

/** A table's header row; `false` entries are columns left out. */
export function ColumnHeads({ columns }: { columns: (Column | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          if (column === false) return null;
          const { label, numeric, wideOnly, labelHidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <Table.Th key={label} scope="col" ta={numeric ? 'right' : undefined} visibleFrom={wideOnly ? 'sm' : undefined}>
              {labelHidden ? <span className="visually-hidden">{label}</span> : label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
