import type { ContentBlock, ContentContext, InlineText } from '~/models/content/content-text'

/** Shorthand for writing the content texts: a paragraph of text and links, a bulleted list, a link. */
export const paragraph = (...parts: InlineText[]): ContentBlock => ({ paragraph: parts })
export const list = (...items: (InlineText | InlineText[])[]): ContentBlock => ({ list: items.map((item) => (Array.isArray(item) ? item : [item])) })
const link = (text: string, href: string): InlineText => ({ text, href })
export const mailLink = (address: string): InlineText => ({ text: address, href: `mailto:${address}` })

/** A link to another of the site's content pages, or just its name where the site does not publish it. */
export function pageLink(context: ContentContext, kind: keyof ContentContext['paths'], name: string): InlineText {
  const path = context.paths[kind]
  return path ? link(name, path) : name
}
