import type { ReactNode } from "react";

/** A staff page's table (the area's staff, the area's capacity): a heading row, then a row per entry. */
export function StaffTable({ testId, className, headings, rows }: { testId: string; className: string; headings: string[]; rows: { key: string | number; cells: ReactNode[] }[] }) {
  // Every column but the last keeps a gap to its right.
  const cellClass = (index: number, count: number) => (index < count - 1 ? "py-2 pr-4" : "py-2");
  return (
    <table className={`${className} w-full text-left`} data-testid={testId}>
      <thead>
        <tr className="border-b border-line/30">
          {headings.map((heading, index) => (
            <th key={index} scope="col" className={cellClass(index, headings.length)}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-line/10">
            {row.cells.map((cell, index) => (
              <td key={index} className={cellClass(index, row.cells.length)}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
