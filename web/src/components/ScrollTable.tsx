import type { ReactNode } from 'react';

/**
 * Every table that may be wider than the screen: it scrolls sideways inside a box at most 70 % of
 * the window high, so the horizontal scrollbar is on screen without scrolling down to the last
 * row, and the header row stays on top while the rows scroll under it (styles.css
 * `.scroll-table`). The box can be focused, so the keyboard scrolls it too.
 */
export function ScrollTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <div className="scroll-table" tabIndex={0}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
