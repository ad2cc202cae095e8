const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text made safe for XML (sitemaps) and SVG: in element content and in quoted attributes alike. */
export function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character]!)
}
