/** How many results a page shows: listings in searches and on broker pages, brokers in the directory (architecture: page size 25). */
export const resultsPerPage = 25

export interface PageLink {
  page: number
  href: string
}

/** Real pagination links (architecture: crawlers and script-less browsers page through them). */
export interface Pagination {
  page: number
  pageCount: number
  previousHref: string | null
  nextHref: string | null
  pageLinks: PageLink[]
}

/** How many pages `totalCount` results fill; an empty result is still one page. */
export function pageCountOf(totalCount: number, pageSize = resultsPerPage) {
  return Math.max(1, Math.ceil(totalCount / pageSize))
}

/** The numbered page links around `page`: at most five, the current one in the middle where it can be. */
function pageWindow(page: number, pageCount: number) {
  const first = Math.max(1, Math.min(page - 2, pageCount - 4))
  const last = Math.min(pageCount, first + 4)
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index)
}

export function paginationOf(page: number, pageCount: number, hrefOf: (page: number) => string): Pagination {
  return {
    page,
    pageCount,
    previousHref: page > 1 ? hrefOf(page - 1) : null,
    nextHref: page < pageCount ? hrefOf(page + 1) : null,
    pageLinks: pageWindow(page, pageCount).map((number) => ({ page: number, href: hrefOf(number) })),
  }
}
