import type { SiteProfile } from '~/models/sites/site-profile'

// The content pages' words as app/content writes them: a module of their own, so that the texts
// and content-pages.ts, which gathers them, import no loop.

/** Text with optional links inside it: plain strings and `{ text, href }` parts, in order. */
export type InlineText = string | { text: string; href: string }
/** A table of the partner documentation: a caption, column headings, then rows of cells. */
export interface ContentTable {
  caption: string
  head: string[]
  rows: InlineText[][][]
}
export type ContentBlock = { paragraph: InlineText[] } | { list: InlineText[][] } | { table: ContentTable } | { code: string; label: string }

export interface ContentSectionText {
  heading: string
  blocks: ContentBlock[]
}

/** What a text module writes: everything but the page's address and the section ids. */
export interface ContentPageText {
  /** The page's own name (its h1); the title adds the site name. */
  heading: string
  description: string
  /** 'Last updated' date as shown, fixed in the text so it changes only when the text does. */
  updated: string
  introduction: ContentBlock[]
  sections: ContentSectionText[]
}

/** What the texts may say about the site: its name, addresses and its other content pages. */
export interface ContentContext {
  siteName: string
  legalEmail: string
  advertisingEmail: string
  /** Where listing-feed partners and lenders write to be set up. */
  partnersEmail: string
  paths: SiteProfile['contentPaths']
}
