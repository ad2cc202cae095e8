import { hsl, mix, toHex } from './colour'
import { LOGO_HEIGHT, LOGO_WIDTH } from './dimensions'
import { EMBLEM_OUTLINES, drawEmblemMotif, type EmblemMotif, type EmblemShape } from './logo-emblem'
import { SeededRandom } from './random'
import { LETTER_HEIGHT, LETTER_WIDTH, LETTERS, STROKE_LETTERS } from './stroke-letters'
import { round, roundToTenth, buildSvgDocument } from './svg'

/** The monogram starts right of the emblem; letters are spaced this far apart. */
const MONOGRAM_X = 390
const LETTER_GAP = 34

/** Builds a company logo (800x400): emblem with a land motif plus a monogram. */
export function buildLogoSvg(documentId: number): string {
  const random = new SeededRandom(documentId, 53)
  const hue = random.range(0, 360)
  const brand = hsl(hue, random.range(0.4, 0.65), random.range(0.3, 0.42))
  const accent = hsl(hue + random.pick([30, 150, 180, 210]), random.range(0.5, 0.7), random.range(0.45, 0.55))
  const background = hsl(hue, 0.25, 0.96)
  const body: string[] = [`<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" fill="${toHex(background)}"/>`]

  const outline = EMBLEM_OUTLINES[random.pick<EmblemShape>(['circle', 'shield', 'hexagon', 'square', 'diamond'])]
  body.push(`<path d="${outline}" fill="${toHex(brand)}"/>`)
  const motif = random.pick<EmblemMotif>(['peaks', 'sun', 'hills', 'tree', 'furrows'])
  const defs = [`<clipPath id="em"><path d="${outline}"/></clipPath>`]
  body.push(`<g clip-path="url(#em)">${drawEmblemMotif(motif, toHex(accent))}</g>`)

  // Monogram: two or three stroke letters, plus tagline bars.
  const letterCount = random.integer(2, 3)
  const letters = Array.from({ length: letterCount }, () => random.pick(LETTERS))
  const scale = letterCount === 2 ? 2.2 : 1.8
  const advance = LETTER_WIDTH * scale + LETTER_GAP
  let x = MONOGRAM_X
  const y = LOGO_HEIGHT / 2 - (LETTER_HEIGHT / 2) * scale - 20
  for (const letter of letters) {
    body.push(
      `<path transform="translate(${x} ${round(y)}) scale(${scale})" d="${STROKE_LETTERS[letter]}" fill="none" stroke="${toHex(brand)}" stroke-width="${roundToTenth(13 / scale)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    x += advance
  }
  const barY = round(y + LETTER_HEIGHT * scale + 40)
  const barWidth = x - MONOGRAM_X - LETTER_GAP
  body.push(`<rect x="${MONOGRAM_X}" y="${barY}" width="${round(barWidth)}" height="10" rx="5" fill="${toHex(accent)}"/>`)
  body.push(
    `<rect x="${MONOGRAM_X}" y="${barY + 26}" width="${round(barWidth * random.range(0.5, 0.8))}" height="8" rx="4" fill="${toHex(mix(brand, background, 0.5))}"/>`,
  )
  return buildSvgDocument(LOGO_WIDTH, LOGO_HEIGHT, defs, body)
}
