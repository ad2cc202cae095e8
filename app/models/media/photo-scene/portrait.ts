import { darken, hsl, lighten, toHex, type Rgb } from './colour'
import { PORTRAIT_SIZE } from './dimensions'
import { SeededRandom } from './random'
import { buildRadialGradient, round, buildSvgDocument } from './svg'

type HairStyle = 'short' | 'long' | 'bald' | 'bun' | 'hat'

/** The head's centre and half sizes; every other part is placed from these. */
interface Head {
  x: number
  y: number
  halfWidth: number
  halfHeight: number
}

const SKIN_TONES: readonly Rgb[] = [hsl(28, 0.6, 0.82), hsl(26, 0.5, 0.72), hsl(24, 0.45, 0.6), hsl(22, 0.42, 0.46), hsl(20, 0.4, 0.34), hsl(30, 0.5, 0.68)]
const HAIR_COLOURS: readonly Rgb[] = [hsl(25, 0.2, 0.12), hsl(25, 0.35, 0.22), hsl(28, 0.4, 0.35), hsl(40, 0.55, 0.62), hsl(15, 0.55, 0.38), hsl(0, 0, 0.7)]

/** Builds a friendly generic head-and-shoulders avatar (800x800). */
export function buildPortraitSvg(documentId: number): string {
  const random = new SeededRandom(documentId, 37)
  const backgroundHue = random.range(0, 360)
  const skin = random.pick(SKIN_TONES)
  const hair = random.pick(HAIR_COLOURS)
  const shirt = hsl(random.range(0, 360), random.range(0.2, 0.55), random.range(0.25, 0.5))
  const style = random.pick<HairStyle>(['short', 'long', 'bald', 'bun', 'hat'])
  const defs = [
    buildRadialGradient(
      'bg',
      [
        [0, hsl(backgroundHue, 0.45, 0.9), 1],
        [1, hsl(backgroundHue, 0.35, 0.72), 1],
      ],
      'cx="0.5" cy="0.4" r="0.75"',
    ),
  ]
  const body: string[] = [`<rect width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}" fill="url(#bg)"/>`]
  const headY = round(random.range(300, 330))
  const halfWidth = round(random.range(112, 128))
  const head: Head = { x: PORTRAIT_SIZE / 2, y: headY, halfWidth, halfHeight: round(halfWidth * random.range(1.18, 1.3)) }
  const skinShade = darken(skin, 0.14)

  if (style === 'long') body.push(drawLongHairBehind(head, hair))
  body.push(...drawNeckAndShirt(random, head, skinShade, shirt))
  body.push(...drawFace(head, skin, skinShade))
  if (random.chance(0.25)) body.push(drawGlasses(head))
  body.push(...drawHairOnTop(random, head, style, hair))
  return buildSvgDocument(PORTRAIT_SIZE, PORTRAIT_SIZE, defs, body)
}

/** Long hair falls behind the shoulders, so it is drawn before them. */
function drawLongHairBehind({ x, y, halfWidth }: Head, hair: Rgb): string {
  return `<path d="M${x - halfWidth - 22} ${y}C${x - halfWidth - 40} ${y + 200} ${x - halfWidth - 10} ${y + 250} ${x - halfWidth + 20} ${y + 270}L${x + halfWidth - 20} ${y + 270}C${x + halfWidth + 10} ${y + 250} ${x + halfWidth + 40} ${y + 200} ${x + halfWidth + 22} ${y}Z" fill="${toHex(hair)}"/>`
}

/** Neck, shoulders and either an open neck or a shirt collar. */
function drawNeckAndShirt(random: SeededRandom, { x, y, halfHeight }: Head, skinShade: Rgb, shirt: Rgb): string[] {
  const shoulderY = y + halfHeight + 70
  const bottom = PORTRAIT_SIZE + 10
  const parts = [
    `<path d="M${x - 55} ${y + halfHeight - 40}L${x - 58} ${shoulderY + 20}L${x + 58} ${shoulderY + 20}L${x + 55} ${y + halfHeight - 40}Z" fill="${toHex(skinShade)}"/>`,
    `<path d="M${x - 330} ${bottom}C${x - 320} ${shoulderY + 40} ${x - 230} ${shoulderY} ${x - 60} ${shoulderY - 8}L${x + 60} ${shoulderY - 8}C${x + 230} ${shoulderY} ${x + 320} ${shoulderY + 40} ${x + 330} ${bottom}Z" fill="${toHex(shirt)}"/>`,
  ]
  if (random.chance(0.5)) {
    parts.push(`<path d="M${x - 60} ${shoulderY - 8}L${x} ${shoulderY + 70}L${x + 60} ${shoulderY - 8}Z" fill="${toHex(skinShade)}"/>`)
  } else {
    parts.push(
      `<path d="M${x - 62} ${shoulderY - 10}L${x - 20} ${shoulderY + 60}L${x} ${shoulderY + 20}L${x + 20} ${shoulderY + 60}L${x + 62} ${shoulderY - 10}L${x} ${shoulderY + 10}Z" fill="${toHex(lighten(shirt, 0.75))}"/>`,
    )
  }
  return parts
}

/** Ears, head, eyes and a smile. */
function drawFace({ x, y, halfWidth, halfHeight }: Head, skin: Rgb, skinShade: Rgb): string[] {
  const eyeY = y + 10
  const features = toHex(darken(skin, 0.6))
  return [
    `<ellipse cx="${x - halfWidth + 2}" cy="${y + 15}" rx="22" ry="32" fill="${toHex(skinShade)}"/><ellipse cx="${x + halfWidth - 2}" cy="${y + 15}" rx="22" ry="32" fill="${toHex(skinShade)}"/>`,
    `<ellipse cx="${x}" cy="${y}" rx="${halfWidth}" ry="${halfHeight}" fill="${toHex(skin)}"/>`,
    `<circle cx="${x - 42}" cy="${eyeY}" r="9" fill="${features}"/><circle cx="${x + 42}" cy="${eyeY}" r="9" fill="${features}"/>`,
    `<path d="M${x - 38} ${eyeY + 62}Q${x} ${eyeY + 92} ${x + 38} ${eyeY + 62}" fill="none" stroke="${features}" stroke-width="7" stroke-linecap="round"/>`,
  ]
}

function drawGlasses({ x, y }: Head): string {
  const eyeY = y + 10
  return `<g fill="none" stroke="#2b2b2b" stroke-width="6"><circle cx="${x - 42}" cy="${eyeY}" r="28"/><circle cx="${x + 42}" cy="${eyeY}" r="28"/><path d="M${x - 14} ${eyeY}h28"/></g>`
}

function drawHairOnTop(random: SeededRandom, head: Head, style: HairStyle, hair: Rgb): string[] {
  const { x, y, halfWidth } = head
  const top = y - head.halfHeight
  const fill = `fill="${toHex(hair)}"`
  switch (style) {
    case 'short':
    case 'long':
    case 'bun': {
      const parts = [
        `<path d="M${x - halfWidth - 6} ${y + 10}C${x - halfWidth - 12} ${top - 95} ${x + halfWidth + 12} ${top - 95} ${x + halfWidth + 6} ${y + 10}C${x + halfWidth - 10} ${y - 60} ${x - 30} ${top + 40} ${x - halfWidth + 10} ${y - 10}Z" ${fill}/>`,
      ]
      if (style === 'bun') parts.push(`<circle cx="${x}" cy="${top - 20}" r="52" ${fill}/>`)
      return parts
    }
    case 'bald':
      return [
        `<path d="M${x - halfWidth} ${y + 20}C${x - halfWidth - 6} ${y - 40} ${x - halfWidth + 20} ${y - 60} ${x - halfWidth + 30} ${y - 50}L${x - halfWidth + 12} ${y + 30}ZM${x + halfWidth} ${y + 20}C${x + halfWidth + 6} ${y - 40} ${x + halfWidth - 20} ${y - 60} ${x + halfWidth - 30} ${y - 50}L${x + halfWidth - 12} ${y + 30}Z" ${fill}/>`,
      ]
    case 'hat':
      return drawRanchHat(random, head)
  }
}

/** A ranch hat: brim, crown and band. */
function drawRanchHat(random: SeededRandom, { x, y, halfWidth, halfHeight }: Head): string[] {
  const top = y - halfHeight
  const hat = hsl(random.range(20, 40), random.range(0.2, 0.45), random.range(0.25, 0.55))
  return [
    `<ellipse cx="${x}" cy="${top + 50}" rx="${halfWidth + 95}" ry="34" fill="${toHex(darken(hat, 0.15))}"/>`,
    `<path d="M${x - halfWidth + 5} ${top + 50}C${x - halfWidth} ${top - 40} ${x - 40} ${top - 70} ${x} ${top - 40}C${x + 40} ${top - 70} ${x + halfWidth} ${top - 40} ${x + halfWidth - 5} ${top + 50}Z" fill="${toHex(hat)}"/>`,
    `<path d="M${x - halfWidth + 14} ${top + 36}L${x + halfWidth - 14} ${top + 36}" stroke="${toHex(darken(hat, 0.45))}" stroke-width="14"/>`,
  ]
}
