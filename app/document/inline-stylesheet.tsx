import { FramePart } from './frame'
// The whole file, fetched once a page has been painted (decision 0042); imported here, in a module the
// browser's build has too, so that the build writes it out.
import siteStylesheetHref from '~/tailwind.css?url'

export { siteStylesheetHref }

/**
 * The site's stylesheet (app/tailwind.css, 9 KB gzip) is written into every page's head instead
 * of linked: a linked stylesheet blocks the first paint for a round trip, 700 ms on a rural link
 * (decision 0032). It is a part of the document's frame (frame.tsx), which the document pipeline
 * then cuts to the rules the page's markup uses (decision 0042); no script carries it.
 */
export const inlineStylesheetId = 'site-stylesheet'

export function InlineStylesheet({ nonce }: { nonce: string | undefined }) {
  return <FramePart as="style" id={inlineStylesheetId} nonce={nonce} />
}
