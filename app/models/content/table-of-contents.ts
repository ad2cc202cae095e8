/**
 * A long content page gets a table of contents with in-page links. A module of its own: the page's
 * script needs only this, not the texts of every content page (content-pages.ts) and what they quote.
 */
export const tableOfContentsMinimumSections = 5
