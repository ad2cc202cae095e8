/**
 * Text as a URL path part: lower-case letters and digits joined by single hyphens, accents
 * dropped ('Doña Ana' → 'dona-ana') and apostrophes and dots removed ("Prince George's" →
 * 'prince-georges'). Empty when nothing of the text survives.
 */
export function urlSlug(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
