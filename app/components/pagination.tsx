import type { Pagination as PaginationProps } from '~/models/search/pagination'

const boxStyle = 'inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium'
// Separate colour sets: with both bg-white and bg-brand on one element, the stylesheet's order
// (not the class order) picks the background, and the current page read white on white.
const linkStyle = `${boxStyle} border-ink/20 bg-white hover:border-brand`
const currentStyle = `${boxStyle} border-brand bg-brand text-brand-contrast`

/** Real links, one URL per page, so crawlers and script-less browsers page through results. */
export function Pagination({ page, pageCount, previousHref, nextHref, pageLinks }: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {previousHref ? (
        <a href={previousHref} rel="prev" className={linkStyle}>
          Previous
        </a>
      ) : null}
      {pageLinks.map((link) =>
        link.page === page ? (
          <span key={link.page} aria-current="page" className={currentStyle}>
            {link.page}
          </span>
        ) : (
          <a key={link.page} href={link.href} className={linkStyle} aria-label={`Page ${link.page}`}>
            {link.page}
          </a>
        ),
      )}
      {nextHref ? (
        <a href={nextHref} rel="next" className={linkStyle}>
          Next
        </a>
      ) : null}
      <p className="w-full text-center text-sm text-ink/70">
        Page {page} of {pageCount}
      </p>
    </nav>
  )
}
