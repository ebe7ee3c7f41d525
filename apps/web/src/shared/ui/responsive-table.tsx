import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';
import classes from './responsive-table.module.css';

/** Writes each body cell's column heading into its data-label (the stacked layout shows it). */
function labelCells(table: HTMLTableElement) {
  const headings = [...table.querySelectorAll('thead th')].flatMap((th) =>
    Array<string>((th as HTMLTableCellElement).colSpan).fill(th.textContent?.trim() ?? ''),
  );
  for (const row of table.querySelectorAll('tbody tr')) {
    let column = 0;
    for (const cell of row.children) {
      const span = (cell as HTMLTableCellElement).colSpan;
      // A cell across several columns (a row's detail) has no one heading.
      const label = span > 1 ? '' : (headings[column] ?? '');
      if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      column += span;
    }
  }
}

/**
 * A table that fits: in a card at least `minWidth` wide it is a table (scrolling sideways only
 * in a card between a phone's and `minWidth`); in a phone's card each row is a stack of
 * "heading: value" lines. `label` names the scrolling region for keyboard and screen readers.
 */
export function ResponsiveTable({
  minWidth,
  label,
  children,
  ...tableProps
}: { minWidth: number; label?: string; children: ReactNode } & Omit<TableProps, 'children'>) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    labelCells(table);
    // Rows come and go with the data; only attributes change here, which this does not watch.
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className={classes.container} data-responsive-table>
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        classNames={{ scrollContainerInner: classes.inner }}
        {...(label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      >
        <Table ref={ref} className={classes.table} {...tableProps}>
          {children}
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
