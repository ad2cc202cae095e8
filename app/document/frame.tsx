import { type ComponentProps, createContext, createElement, useContext } from 'react'

/**
 * The document's frame: parts of a page the server writes once and the browser never draws again,
 * because nothing in them changes there (decisions 0039, 0041, 0042): the site stylesheet's rules,
 * the menu's link panels and the footer's link columns (about 200 links), and the home's state
 * outlines. The server hands their markup to the render (frame-parts.server.tsx); in the browser
 * each part is an element whose markup React leaves as the server wrote it, so the parts travel
 * once, as markup, and never in the hydration data nor through React on every request. They belong
 * to the root's frame, which a client navigation keeps; a page's own content comes with its data.
 */
export type FrameParts = Readonly<Record<string, string>>

const FrameContext = createContext<FrameParts>({})

/** On the server only: the markup of each part, by the id of the element that holds it. */
export const FramePartsProvider = FrameContext.Provider

type FrameElement = 'div' | 'li' | 'defs' | 'style'

/**
 * The element that holds the frame part `id`. The server writes the part's markup into it; in the
 * browser it has none of its own to draw (`__html` is empty), and React neither hydrates nor
 * replaces what the server wrote: an element's inner HTML is set only when `__html` changes, and
 * the mismatch at hydration is the one this element expects.
 */
export function FramePart<Element extends FrameElement>({ as, id, ...props }: { as: Element; id: string } & Omit<ComponentProps<Element>, 'children' | 'id'>) {
  const parts = useContext(FrameContext)
  // The id first: the document pipeline finds the stylesheet by its opening tag (page-stylesheet.server.ts).
  return createElement(as, { id, ...props, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: parts[id] ?? '' } })
}
