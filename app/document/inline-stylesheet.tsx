import { createContext, useContext, useState } from 'react'
// The whole file, fetched once a page has been painted (decision 0042); imported here, in a module the
// browser's build has too, so that the build writes it out.
import siteStylesheetHref from '~/tailwind.css?url'

export { siteStylesheetHref }

/**
 * The site's stylesheet (app/tailwind.css, 9 KB gzip) is written into every page's head instead
 * of linked: a linked stylesheet blocks the first paint for a round trip, 700 ms on a rural link
 * (decision 0032). The server's render gets the text from document.server.tsx, and the document
 * pipeline then cuts it to the rules the page's markup uses (decision 0042); the browser's reads it
 * back from the page, so no script carries it.
 */
export const inlineStylesheetId = 'site-stylesheet'

const StylesheetContext = createContext<string | undefined>(undefined)

export const StylesheetProvider = StylesheetContext.Provider

function stylesheetInPage() {
  return typeof document === 'undefined' ? '' : (document.getElementById(inlineStylesheetId)?.textContent ?? '')
}

export function InlineStylesheet({ nonce }: { nonce: string | undefined }) {
  const serverText = useContext(StylesheetContext)
  const [text] = useState(() => serverText ?? stylesheetInPage())
  return <style id={inlineStylesheetId} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />
}
