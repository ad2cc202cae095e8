import { createContext, useContext, useState } from 'react'

/**
 * Parts of the page's frame that are the same on every page of a site and never change in the
 * browser: the menu's link panels and the footer's link columns, about 200 links (and, on a page
 * that carries them, the state map's outlines: a part a client-side navigation finds missing, so
 * the map then uses the outlines' file; decision 0041). The server
 * renders them once per site (site-navigation-html.server.tsx) and hands the markup to the page's
 * render through this context; the browser reads each part back from the page, as the inline
 * stylesheet does, so neither the links' data nor their elements travel in the hydration data or
 * run through React on every request (decision 0039).
 */
export type StaticHtmlParts = Readonly<Record<string, string>>

const StaticHtmlContext = createContext<StaticHtmlParts | undefined>(undefined)

export const StaticHtmlProvider = StaticHtmlContext.Provider

function partInPage(id: string) {
  return typeof document === 'undefined' ? undefined : document.getElementById(id)?.innerHTML
}

/** The markup of a static part, or undefined when the page has none (an error page drawn without the root's data). */
export function useStaticHtml(id: string): string | undefined {
  const serverParts = useContext(StaticHtmlContext)
  const [html] = useState(() => (serverParts ? serverParts[id] : partInPage(id)))
  return html
}
