/** A theme colour of a site profile ('22 101 52', spec §1 theme colours) as a CSS colour outside Tailwind. */
export function cssRgb(triplet: string) {
  return `rgb(${triplet.replaceAll(' ', ',')})`
}
