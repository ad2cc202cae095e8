import { hsl } from './colour'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import { buildLinearGradient, buildSvgDocument } from './svg'

/** The neutral "no photo" image: a grey landscape silhouette with a picture icon. Every placeholder id draws the same. */
export function buildPlaceholderSvg(_documentId: number): string {
  const defs = [
    buildLinearGradient('sky', [
      [0, hsl(210, 0.08, 0.86)],
      [1, hsl(210, 0.08, 0.93)],
    ]),
  ]
  const body = [
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#sky)"/>`,
    `<path d="M0 640C220 560 380 520 600 600S1000 520 1220 580S1500 560 1600 600V1067H0Z" fill="#d3d7dc"/>`,
    `<path d="M0 760C260 690 520 700 800 750S1300 720 1600 700V1067H0Z" fill="#c3c8ce"/>`,
    `<path d="M0 900C400 840 900 860 1600 880V1067H0Z" fill="#b4bac1"/>`,
    // Picture icon: rounded frame, sun and two peaks.
    `<g transform="translate(650 320)" fill="none" stroke="#8b939c" stroke-width="18" stroke-linejoin="round">` +
      `<rect x="0" y="0" width="300" height="230" rx="28"/>` +
      `<path d="M30 200L115 100L175 165L215 125L270 200Z" fill="#8b939c"/>` +
      `<circle cx="215" cy="65" r="24" fill="#8b939c" stroke="none"/></g>`,
  ]
  return buildSvgDocument(PHOTO_WIDTH, PHOTO_HEIGHT, defs, body)
}
