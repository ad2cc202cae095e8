/** 'St. Landry' → 'St-Landry', 'Doña Ana' → 'Dona-Ana', "Prince George's" → 'Prince-Georges'. */
export function slugify(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f.'’]/g, '')
    .trim()
    .replace(/[\s/]+/g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
}

/** Every place slug becomes a URL path, so a duplicate would make two places one page. */
export function assertUniqueSlugs(places: { slug: string }[]) {
  const seen = new Set<string>()
  for (const { slug } of places) {
    if (seen.has(slug)) throw new Error(`Duplicate place slug: ${slug}`)
    seen.add(slug)
  }
}

/** 'ANNANDALE ON HUDSON' → 'Annandale On Hudson'; names already in mixed case are kept. */
export function titleCase(text: string) {
  if (text !== text.toUpperCase() && text !== text.toLowerCase()) return text
  return text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_match, separator: string, letter: string) => separator + letter.toUpperCase())
}
