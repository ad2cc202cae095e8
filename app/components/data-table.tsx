import type { ReactNode } from 'react'

/**
 * A wide table that scrolls on its own on a phone. The region is named and takes focus, so a
 * keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      className={`overflow-x-auto rounded-md border border-ink/15 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand ${className}`}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  )
}

/** A table's column headings; a numeric column's heading sits right, over its numbers. */
export function ColumnHeadings({ headings, numeric = [] }: { headings: readonly string[]; numeric?: readonly string[] }) {
  return (
    <thead className="bg-ink/5">
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className={`px-3 py-2 font-semibold ${numeric.includes(heading) ? 'text-right' : ''}`}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  )
}
