import { buildAbsolutePolygonPath } from './svg'

/** The emblem sits in the logo's left square, centred at (200, 200). */
const X = 200
const Y = 200
const RADIUS = 130

export type EmblemShape = 'circle' | 'shield' | 'hexagon' | 'square' | 'diamond'
export type EmblemMotif = 'peaks' | 'sun' | 'hills' | 'tree' | 'furrows'

const HEXAGON_CORNERS = Array.from({ length: 6 }, (_, corner) => {
  const angle = (Math.PI / 3) * corner + Math.PI / 6
  return [X + RADIUS * Math.cos(angle), Y + RADIUS * Math.sin(angle)] as const
})

/** Outline path data of each emblem shape. */
export const EMBLEM_OUTLINES: Readonly<Record<EmblemShape, string>> = {
  circle: `M${X - RADIUS} ${Y}A${RADIUS} ${RADIUS} 0 1 0 ${X + RADIUS} ${Y}A${RADIUS} ${RADIUS} 0 1 0 ${X - RADIUS} ${Y}Z`,
  shield: `M${X - RADIUS} ${Y - RADIUS}H${X + RADIUS}V${Y}C${X + RADIUS} ${Y + 80} ${X + 50} ${Y + 115} ${X} ${Y + RADIUS + 10}C${X - 50} ${Y + 115} ${X - RADIUS} ${Y + 80} ${X - RADIUS} ${Y}Z`,
  hexagon: buildAbsolutePolygonPath(HEXAGON_CORNERS),
  square: `M${X - RADIUS + 30} ${Y - RADIUS}H${X + RADIUS - 30}Q${X + RADIUS} ${Y - RADIUS} ${X + RADIUS} ${Y - RADIUS + 30}V${Y + RADIUS - 30}Q${X + RADIUS} ${Y + RADIUS} ${X + RADIUS - 30} ${Y + RADIUS}H${X - RADIUS + 30}Q${X - RADIUS} ${Y + RADIUS} ${X - RADIUS} ${Y + RADIUS - 30}V${Y - RADIUS + 30}Q${X - RADIUS} ${Y - RADIUS} ${X - RADIUS + 30} ${Y - RADIUS}Z`,
  diamond: `M${X} ${Y - RADIUS - 10}L${X + RADIUS + 10} ${Y}L${X} ${Y + RADIUS + 10}L${X - RADIUS - 10} ${Y}Z`,
}

/** A land motif in white and the accent colour, drawn inside the emblem. */
export function drawEmblemMotif(motif: EmblemMotif, accent: string): string {
  switch (motif) {
    case 'peaks':
      return `<path d="M${X - 110} ${Y + 60}L${X - 30} ${Y - 50}L${X + 10} ${Y + 5}L${X + 45} ${Y - 30}L${X + 110} ${Y + 60}Z" fill="#fff"/><path d="M${X - 52} ${Y - 20}L${X - 30} ${Y - 50}L${X - 10} ${Y - 22}Z" fill="${accent}"/>`
    case 'sun':
      return `<circle cx="${X}" cy="${Y + 10}" r="55" fill="${accent}"/><path d="M${X - 120} ${Y + 25}H${X + 120}M${X - 100} ${Y + 55}H${X + 100}M${X - 80} ${Y + 85}H${X + 80}" stroke="#fff" stroke-width="14"/>`
    case 'hills':
      return `<path d="M${X - 140} ${Y + 40}Q${X - 60} ${Y - 40} ${X + 10} ${Y + 30}T${X + 140} ${Y + 10}V${Y + 140}H${X - 140}Z" fill="#fff"/><circle cx="${X + 45}" cy="${Y - 45}" r="26" fill="${accent}"/>`
    case 'tree':
      return `<path d="M${X} ${Y - 95}L${X + 42} ${Y - 30}H${X + 22}L${X + 62} ${Y + 25}H${X + 12}V${Y + 75}H${X - 12}V${Y + 25}H${X - 62}L${X - 22} ${Y - 30}H${X - 42}Z" fill="#fff"/><path d="M${X - 110} ${Y + 75}H${X + 110}" stroke="${accent}" stroke-width="12"/>`
    case 'furrows':
      return `<path d="M${X - 30} ${Y - 60}L${X - 120} ${Y + 110}M${X} ${Y - 60}V${Y + 120}M${X + 30} ${Y - 60}L${X + 120} ${Y + 110}M${X - 15} ${Y - 60}L${X - 60} ${Y + 120}M${X + 15} ${Y - 60}L${X + 60} ${Y + 120}" stroke="#fff" stroke-width="10"/><circle cx="${X}" cy="${Y - 80}" r="22" fill="${accent}"/>`
  }
}
