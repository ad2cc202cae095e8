/**
 * Deterministic stand-in imagery: every document id maps to one SVG, built
 * from a PRNG seeded by the id, so the same id always gives byte-identical
 * output and no binary fixtures need to ship with the app.
 *
 * Listing photos are stylised rural landscapes; the listing-level traits
 * (season, terrain) are seeded from the listing id so one listing's gallery
 * looks like one property, while each photo varies composition and light.
 *
 * Budget: SVGs stay at a few KB with no filters, fonts or external hrefs, so
 * librsvg rasterises a 1600 px photo in tens of milliseconds.
 */
import { documentKind, PHOTO_SLOTS_PER_LISTING } from './document-ids'

export const PHOTO_WIDTH = 1600
export const PHOTO_HEIGHT = 1067
export const PORTRAIT_SIZE = 800
export const LOGO_WIDTH = 800
export const LOGO_HEIGHT = 400

export interface Scene {
  svg: string
  width: number
  height: number
}

/** The SVG for a generated document, or undefined for uploads / unknown ids (those have no scene). */
export function buildSceneSvg(documentId: number): Scene | undefined {
  switch (documentKind(documentId)) {
    case 'photo':
      return { svg: buildPhotoSvg(documentId), width: PHOTO_WIDTH, height: PHOTO_HEIGHT }
    case 'portrait':
      return { svg: buildPortraitSvg(documentId), width: PORTRAIT_SIZE, height: PORTRAIT_SIZE }
    case 'logo':
      return { svg: buildLogoSvg(documentId), width: LOGO_WIDTH, height: LOGO_HEIGHT }
    case 'placeholder':
      return { svg: buildPlaceholderSvg(documentId), width: PHOTO_WIDTH, height: PHOTO_HEIGHT }
    default:
      return undefined
  }
}

// ---------------------------------------------------------------------------
// PRNG and small helpers

/** Mixes a (possibly > 32-bit) id and a salt into a 32-bit seed (murmur3 finaliser). */
function hashSeed(id: number, salt: number): number {
  const lo = id % 0x1_0000_0000
  const hi = Math.floor(id / 0x1_0000_0000)
  let h = Math.imul(lo ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(hi + salt * 0x27d4eb2d, 0xc2b2ae35)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** mulberry32: tiny, fast and good enough for picking shapes and colours. */
class Rng {
  private state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next()
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1))
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }
}

/** Integer coordinates keep the SVG short; sub-pixel precision is invisible after resizing. */
const n = (v: number) => Math.round(v)
/** One decimal, for small shapes where rounding to integers would be visible. */
const d1 = (v: number) => Math.round(v * 10) / 10
/** "a b" with the space dropped before a minus sign, as SVG path syntax allows. */
const pair = (a: number, b: number) => `${a}${b < 0 ? '' : ' '}${b}`

/**
 * Emits compact path data: absolute moves, then relative segments between
 * rounded points (so rounding never accumulates). Long tree lines and crop
 * rows are most of an SVG's bytes, and relative numbers are short.
 */
class PathBuilder {
  private d = ''
  private x = 0
  private y = 0
  move(x: number, y: number): this {
    this.x = n(x)
    this.y = n(y)
    this.d += `M${pair(this.x, this.y)}`
    return this
  }
  line(x: number, y: number): this {
    const [dx, dy] = this.step(x, y)
    this.d += `l${pair(dx, dy)}`
    return this
  }
  /** Clockwise circular arc of radius r to (x, y): the rounded bump of a tree crown. */
  arc(r: number, x: number, y: number): this {
    const [dx, dy] = this.step(x, y)
    this.d += `a${n(r)} ${n(r)} 0 0 1 ${pair(dx, dy)}`
    return this
  }
  close(): string {
    return `${this.d}z`
  }
  private step(x: number, y: number): [number, number] {
    const nx = n(x)
    const ny = n(y)
    const delta: [number, number] = [nx - this.x, ny - this.y]
    this.x = nx
    this.y = ny
    return delta
  }
}

type Rgb = readonly [number, number, number]

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    if (x < 1 / 6) return p + (q - p) * 6 * x
    if (x < 1 / 2) return q
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6
    return p
  }
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255]
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

const WHITE: Rgb = [255, 255, 255]
const BLACK: Rgb = [0, 0, 0]
const darken = (c: Rgb, t: number) => mix(c, BLACK, t)
const lighten = (c: Rgb, t: number) => mix(c, WHITE, t)

function hex(c: Rgb): string {
  return '#' + c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')
}

function svgDocument(width: number, height: number, defs: string[], body: string[]): string {
  const defsPart = defs.length ? `<defs>${defs.join('')}</defs>` : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defsPart}${body.join('')}</svg>`
}

function linearGradient(id: string, stops: Array<[number, Rgb, number?]>, vertical = true): string {
  const direction = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="0"'
  const stopTags = stops
    .map(([offset, color, opacity]) => {
      const op = opacity === undefined ? '' : ` stop-opacity="${d1(opacity * 10) / 10}"`
      return `<stop offset="${d1(offset * 100)}%" stop-color="${hex(color)}"${op}/>`
    })
    .join('')
  return `<linearGradient id="${id}" x1="0" y1="0" ${direction}>${stopTags}</linearGradient>`
}

function radialGradient(id: string, stops: Array<[number, Rgb, number]>, attrs = ''): string {
  const stopTags = stops
    .map(([o, c, op]) => `<stop offset="${d1(o * 100)}%" stop-color="${hex(c)}" stop-opacity="${d1(op * 100) / 100}"/>`)
    .join('')
  return `<radialGradient id="${id}"${attrs ? ' ' + attrs : ''}>${stopTags}</radialGradient>`
}

/** Midpoint displacement: 2^k + 1 values normalised to 0..1; roughness < 1 smooths. */
function ridgeNoise(rng: Rng, k: number, roughness: number): number[] {
  const size = 2 ** k
  const values = new Array<number>(size + 1).fill(0)
  values[0] = rng.next()
  values[size] = rng.next()
  let step = size
  let scale = 1
  while (step > 1) {
    const half = step / 2
    for (let i = half; i < size; i += step) {
      values[i] = (values[i - half]! + values[i + half]!) / 2 + (rng.next() * 2 - 1) * scale
    }
    scale *= roughness
    step = half
  }
  const min = Math.min(...values)
  const max = Math.max(...values)
  return values.map((v) => (v - min) / (max - min || 1))
}

type Point = readonly [number, number]

/**
 * Sutherland–Hodgman clip of a polygon against a convex, clockwise (screen
 * coordinates) polygon. Clipping geometrically instead of with <clipPath>
 * matters: librsvg renders every clip path as a full-canvas mask.
 */
function clipPolygon(subject: Point[], clip: Point[]): Point[] {
  let output = subject
  for (let i = 0; i < clip.length && output.length; i++) {
    const a = clip[i]!
    const b = clip[(i + 1) % clip.length]!
    const inside = (p: Point) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0
    const cross = (p: Point, q: Point): Point => {
      const d1x = q[0] - p[0]
      const d1y = q[1] - p[1]
      const denom = d1x * (b[1] - a[1]) - d1y * (b[0] - a[0])
      const t = denom === 0 ? 0 : ((a[0] - p[0]) * (b[1] - a[1]) - (a[1] - p[1]) * (b[0] - a[0])) / denom
      return [p[0] + t * d1x, p[1] + t * d1y]
    }
    const input = output
    output = []
    for (let j = 0; j < input.length; j++) {
      const current = input[j]!
      const previous = input[(j + input.length - 1) % input.length]!
      if (inside(current)) {
        if (!inside(previous)) output.push(cross(previous, current))
        output.push(current)
      } else if (inside(previous)) {
        output.push(cross(previous, current))
      }
    }
  }
  return output
}

function polygonPath(points: Point[]): string {
  if (points.length < 3) return ''
  const path = new PathBuilder().move(points[0]![0], points[0]![1])
  for (let i = 1; i < points.length; i++) path.line(points[i]![0], points[i]![1])
  return path.close()
}

// ---------------------------------------------------------------------------
// Landscape photos

type Season = 'spring' | 'summer' | 'harvest' | 'autumn' | 'winter'
type Terrain = 'plains' | 'rolling' | 'mountain' | 'forest'
type Light = 'day' | 'dusk' | 'overcast'
type FieldKind = 'plain' | 'rows' | 'plowed' | 'stubble'

interface Field {
  color: Rgb
  kind: FieldKind
}

function pickField(season: Season, rng: Rng): Field {
  const green = (): Rgb => hsl(rng.range(78, 112), rng.range(0.32, 0.5), rng.range(0.34, 0.46))
  const soil = (): Rgb => hsl(rng.range(22, 32), rng.range(0.25, 0.38), rng.range(0.3, 0.4))
  const gold = (): Rgb => hsl(rng.range(38, 48), rng.range(0.5, 0.66), rng.range(0.55, 0.66))
  const roll = rng.next()
  switch (season) {
    case 'spring':
      if (roll < 0.5) return { color: hsl(rng.range(80, 105), rng.range(0.4, 0.55), rng.range(0.42, 0.52)), kind: rng.pick(['plain', 'rows']) }
      if (roll < 0.7) return { color: hsl(rng.range(50, 56), 0.78, 0.55), kind: 'plain' }
      return { color: soil(), kind: 'plowed' }
    case 'summer':
      if (roll < 0.65) return { color: green(), kind: rng.pick(['plain', 'plain', 'rows']) }
      if (roll < 0.9) return { color: gold(), kind: rng.pick(['plain', 'rows']) }
      return { color: soil(), kind: 'plowed' }
    case 'harvest':
      if (roll < 0.55) return { color: gold(), kind: rng.pick(['plain', 'rows', 'stubble']) }
      if (roll < 0.8) return { color: hsl(rng.range(60, 85), rng.range(0.3, 0.42), rng.range(0.4, 0.5)), kind: 'plain' }
      return { color: soil(), kind: 'plowed' }
    case 'autumn':
      if (roll < 0.4) return { color: hsl(rng.range(30, 42), rng.range(0.3, 0.45), rng.range(0.4, 0.52)), kind: rng.pick(['plain', 'stubble']) }
      if (roll < 0.7) return { color: hsl(rng.range(60, 90), rng.range(0.2, 0.32), rng.range(0.36, 0.46)), kind: 'plain' }
      return { color: soil(), kind: 'plowed' }
    case 'winter':
      return { color: hsl(rng.range(200, 215), rng.range(0.1, 0.25), rng.range(0.88, 0.94)), kind: rng.pick(['plain', 'plain', 'stubble']) }
  }
}

function treeColors(season: Season, rng: Rng): [Rgb, Rgb] {
  switch (season) {
    case 'spring':
      return [hsl(rng.range(85, 105), 0.38, 0.3), hsl(rng.range(80, 100), 0.42, 0.4)]
    case 'autumn': {
      const warm = (): Rgb => hsl(rng.range(8, 46), rng.range(0.55, 0.75), rng.range(0.38, 0.5))
      return [rng.chance(0.3) ? hsl(100, 0.25, 0.24) : warm(), warm()]
    }
    case 'winter':
      return [hsl(rng.range(15, 30), 0.12, 0.32), hsl(rng.range(15, 30), 0.1, 0.42)]
    default:
      return [hsl(rng.range(95, 125), rng.range(0.3, 0.4), rng.range(0.18, 0.24)), hsl(rng.range(85, 110), 0.35, 0.3)]
  }
}

/** Builds the SVG for a listing photo id. */
export function buildPhotoSvg(documentId: number): string {
  const W = PHOTO_WIDTH
  const H = PHOTO_HEIGHT
  const listing = new Rng(hashSeed(Math.floor(documentId / PHOTO_SLOTS_PER_LISTING), 11))
  const rng = new Rng(hashSeed(documentId, 23))

  const season = listing.pick<Season>(['spring', 'summer', 'summer', 'harvest', 'autumn', 'winter'])
  const terrain = listing.pick<Terrain>(['plains', 'rolling', 'rolling', 'mountain', 'forest'])
  const light =
    season === 'winter' ? rng.pick<Light>(['day', 'day', 'overcast', 'dusk']) : rng.pick<Light>(['day', 'day', 'day', 'dusk', 'overcast'])

  const horizon = n(H * rng.range(0.4, 0.54))
  const defs: string[] = []
  const body: string[] = []

  // Sky ---------------------------------------------------------------
  let skyTop: Rgb
  let skyHorizon: Rgb
  const skyStops: Array<[number, Rgb]> = []
  if (light === 'day') {
    const sat = season === 'winter' ? 0.35 : rng.range(0.5, 0.68)
    skyTop = hsl(rng.range(204, 218), sat, rng.range(0.42, 0.52))
    skyHorizon = hsl(rng.range(198, 210), sat * 0.8, rng.range(0.8, 0.88))
    skyStops.push([0, skyTop], [1, skyHorizon])
  } else if (light === 'dusk') {
    skyTop = hsl(rng.range(222, 245), 0.38, rng.range(0.28, 0.36))
    const middle = hsl(rng.range(345, 375), rng.range(0.45, 0.6), rng.range(0.58, 0.66))
    skyHorizon = hsl(rng.range(30, 42), 0.88, rng.range(0.66, 0.74))
    skyStops.push([0, skyTop], [0.55, middle], [1, skyHorizon])
  } else {
    skyTop = hsl(rng.range(200, 220), rng.range(0.06, 0.14), rng.range(0.52, 0.6))
    skyHorizon = hsl(rng.range(200, 220), rng.range(0.06, 0.12), rng.range(0.78, 0.84))
    skyStops.push([0, skyTop], [1, skyHorizon])
  }
  defs.push(linearGradient('sky', skyStops))
  body.push(`<rect width="${W}" height="${horizon + 40}" fill="url(#sky)"/>`)

  // How light and distance tint everything on the ground.
  const tone = (c: Rgb): Rgb => {
    if (light === 'dusk') return mix(mix(c, hsl(270, 0.3, 0.18), 0.32), hsl(28, 0.9, 0.55), 0.1)
    if (light === 'overcast') {
      const grey = (c[0] + c[1] + c[2]) / 3
      return darken(mix(c, [grey, grey, grey], 0.3), 0.06)
    }
    return c
  }
  /** Atmospheric perspective: depth 0 at the horizon, 1 at the bottom edge. */
  const atmos = (c: Rgb, depth: number): Rgb => mix(tone(c), skyHorizon, 0.45 * (1 - Math.min(1, depth)) ** 3)

  // Sun -----------------------------------------------------------------
  if (light === 'day' && rng.chance(0.6)) {
    const sx = n(rng.range(0.1, 0.9) * W)
    const sy = n(rng.range(0.08, 0.5) * horizon)
    defs.push(radialGradient('glow', [[0, hsl(50, 1, 0.95), 0.85], [0.2, hsl(50, 1, 0.9), 0.35], [1, WHITE, 0]]))
    body.push(`<circle cx="${sx}" cy="${sy}" r="260" fill="url(#glow)"/><circle cx="${sx}" cy="${sy}" r="30" fill="#fffbe8"/>`)
  } else if (light === 'dusk') {
    const sx = n(rng.range(0.15, 0.85) * W)
    const sy = n(horizon - rng.range(0.03, 0.16) * H)
    defs.push(radialGradient('glow', [[0, hsl(40, 1, 0.8), 0.9], [0.25, hsl(30, 1, 0.65), 0.45], [1, hsl(20, 1, 0.6), 0]]))
    body.push(`<circle cx="${sx}" cy="${sy}" r="400" fill="url(#glow)"/><circle cx="${sx}" cy="${sy}" r="58" fill="#ffe2b0"/>`)
  }

  // Clouds ----------------------------------------------------------------
  if (light === 'overcast') {
    // Soft-edged stratus bands: one light and one dark gradient shared by all ellipses.
    defs.push(radialGradient('cl', [[0, hsl(210, 0.06, 0.88), 0.7], [1, hsl(210, 0.06, 0.88), 0]]))
    defs.push(radialGradient('cd', [[0, hsl(215, 0.08, 0.5), 0.45], [1, hsl(215, 0.08, 0.5), 0]]))
    const bands = rng.int(4, 7)
    for (let i = 0; i < bands; i++) {
      const cy = n(rng.range(0.05, 0.85) * horizon)
      body.push(
        `<ellipse cx="${n(rng.range(0, W))}" cy="${cy}" rx="${n(rng.range(500, 1100))}" ry="${n(rng.range(30, 90))}" fill="url(#${rng.chance(0.6) ? 'cl' : 'cd'})"/>`,
      )
    }
  } else {
    const clouds = rng.int(light === 'dusk' ? 2 : 0, 5)
    const lit = light === 'dusk' ? hsl(rng.range(10, 30), 0.8, 0.8) : WHITE
    const shadow = light === 'dusk' ? hsl(rng.range(300, 340), 0.25, 0.55) : hsl(212, 0.2, 0.84)
    for (let i = 0; i < clouds; i++) {
      const cx = rng.range(-0.05, 1.05) * W
      const cy = rng.range(0.08, 0.7) * horizon
      const width = rng.range(140, 420)
      const puffs: Array<[number, number, number]> = []
      const count = rng.int(4, 7)
      for (let p = 0; p < count; p++) {
        const t = p / (count - 1) - 0.5
        const r = width * rng.range(0.1, 0.17) * (1 - Math.abs(t))
        puffs.push([cx + t * width, cy - r * rng.range(0.2, 0.6), r + 6])
      }
      const circles = (dy: number) => puffs.map(([x, y, r]) => `<circle cx="${n(x)}" cy="${n(y + dy)}" r="${n(r)}"/>`).join('')
      const base = `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(width * 0.55)}" ry="${n(width * 0.07 + 6)}"/>`
      body.push(
        `<g fill="${hex(shadow)}">${base}${circles(width * 0.03)}</g>`,
        `<g fill="${hex(lit)}">${circles(-width * 0.02)}</g>`,
      )
    }
  }

  // Birds, now and then.
  if (light !== 'overcast' && rng.chance(0.25)) {
    let d = ''
    const bx = rng.range(0.1, 0.8) * W
    const by = rng.range(0.15, 0.6) * horizon
    for (let i = rng.int(2, 5); i > 0; i--) {
      const s = rng.range(5, 10)
      d += `M${n(bx + rng.range(0, 180))} ${n(by + rng.range(0, 70))}q${d1(s)} ${d1(-s)} ${d1(2 * s)} 0q${d1(s)} ${d1(-s)} ${d1(2 * s)} 0`
    }
    body.push(`<path d="${d}" fill="none" stroke="#333" stroke-width="2" stroke-opacity="0.6"/>`)
  }

  // Distant mountains ---------------------------------------------------------
  const ridgePath = (values: number[], baseY: number, amplitude: number) => {
    const step = (W + 40) / (values.length - 1)
    const points = values.map((v, i) => `${n(i * step - 20)} ${n(baseY - v * amplitude)}`)
    return `M${points.join('L')}L${W + 20} ${horizon + 30}L-20 ${horizon + 30}Z`
  }
  if (terrain === 'mountain' || (terrain === 'rolling' && rng.chance(0.35))) {
    const tall = terrain === 'mountain'
    const amplitude = H * (tall ? rng.range(0.14, 0.3) : rng.range(0.05, 0.09))
    const values = ridgeNoise(rng, 5, rng.range(0.5, 0.62))
    const slate = hsl(rng.range(210, 235), 0.18, 0.42)
    const far = mix(slate, skyHorizon, light === 'dusk' ? 0.35 : 0.5)
    const path = ridgePath(values, horizon - amplitude * 0.12, amplitude)
    body.push(`<path d="${path}" fill="${hex(far)}"/>`)
    if (tall && (season === 'winter' || rng.chance(0.6))) {
      // Snow caps: the same ridge clipped to a ragged line below the peaks.
      const snowValues = ridgeNoise(rng, 4, 0.6)
      const snowStep = (W + 40) / (snowValues.length - 1)
      const line = snowValues.map((v, i) => `${n(i * snowStep - 20)} ${n(horizon - amplitude * (0.55 + 0.2 * v))}`)
      defs.push(`<clipPath id="snow"><path d="M-20 0L${W + 20} 0L${line.reverse().join('L')}Z"/></clipPath>`)
      body.push(`<path d="${path}" fill="${hex(mix(WHITE, skyHorizon, 0.25))}" clip-path="url(#snow)"/>`)
    }
    if (tall) {
      const nearValues = ridgeNoise(rng, 5, 0.5)
      body.push(`<path d="${ridgePath(nearValues, horizon, amplitude * 0.45)}" fill="${hex(mix(darken(slate, 0.1), skyHorizon, 0.32))}"/>`)
    }
  }

  // Hills ------------------------------------------------------------------
  const hillBase = (): Rgb =>
    season === 'winter' ? hsl(210, 0.12, 0.86) : season === 'autumn' ? hsl(35, 0.3, 0.38) : season === 'harvest' ? hsl(55, 0.32, 0.42) : hsl(95, 0.3, 0.36)
  if (terrain !== 'plains' || rng.chance(0.4)) {
    const layers = terrain === 'plains' ? 1 : rng.int(1, 2)
    for (let layer = 0; layer < layers; layer++) {
      const height = H * (terrain === 'plains' ? rng.range(0.015, 0.03) : rng.range(0.03, 0.09)) * (layer === 0 ? 1.4 : 0.8)
      const phase = rng.range(0, 6.28)
      const phase2 = rng.range(0, 6.28)
      const freq = rng.range(1.2, 3)
      const yAt = (x: number) =>
        horizon + 2 - height * (0.55 + 0.3 * Math.sin(phase + (x / W) * freq * 6.28) + 0.15 * Math.sin(phase2 + (x / W) * freq * 15))
      const forested = terrain === 'forest' || (season !== 'winter' && rng.chance(0.25))
      const [treeDark] = treeColors(season, rng)
      const color = forested ? mix(tone(treeDark), skyHorizon, 0.45 - layer * 0.15) : mix(tone(hillBase()), skyHorizon, 0.5 - layer * 0.2)
      const path = new PathBuilder().move(-20, horizon + 30).line(-20, yAt(-20))
      let x = -20
      if (forested) {
        // Canopy texture: a chain of small arcs riding on the hill line.
        while (x < W + 20) {
          const dx = rng.range(12, 24)
          path.arc(dx * 0.6, x + dx, yAt(x + dx) - rng.range(2, 9))
          x += dx
        }
      } else {
        while (x < W + 20) path.line((x += 40), yAt(x))
      }
      body.push(`<path d="${path.line(x, horizon + 30).close()}" fill="${hex(color)}"/>`)
    }
  }

  // Ground: perspective bands of fields, split into wedges that converge on a vanishing point.
  const groundDepth = H - horizon
  const vx = rng.range(0.15, 0.85) * W
  const vy = horizon - 1
  const bandCount = rng.int(4, 6)
  const boundaries: Array<{ y: number; tilt: number }> = [{ y: horizon, tilt: 0 }]
  for (let k = 1; k < bandCount; k++) {
    const f = (k / bandCount + rng.range(-0.25, 0.25) / bandCount) ** 1.7
    const y = horizon + f * groundDepth
    boundaries.push({ y, tilt: rng.range(-1, 1) * 0.05 * f * groundDepth / (W / 2) })
  }
  boundaries.push({ y: H + 12, tilt: 0 })
  const lineY = (k: number, x: number) => boundaries[k]!.y + boundaries[k]!.tilt * (x - W / 2)
  const bottomY = H + 40
  /** x at bottomY of the ray from the vanishing point through (x, y). */
  const rayBottom = (x: number, y: number) => vx + ((x - vx) * (bottomY - vy)) / Math.max(1, y - vy)

  for (let k = 0; k < bandCount; k++) {
    const farY = boundaries[k]!.y
    const nearY = boundaries[k + 1]!.y
    const f = ((farY + nearY) / 2 - horizon) / groundDepth
    const band: Point[] = [
      [-5, lineY(k, -5)],
      [W + 5, lineY(k, W + 5)],
      [W + 5, lineY(k + 1, W + 5)],
      [-5, lineY(k + 1, -5)],
    ]
    const cuts = [-8 * W]
    for (let c = rng.int(0, 2); c > 0; c--) cuts.push(vx + rng.range(-1.6, 1.6) * W)
    cuts.push(9 * W)
    cuts.sort((a, b) => a - b)
    // Ray bottoms whose rays cross the frame inside this band; rows outside never show.
    const visMin = rayBottom(-10, nearY)
    const visMax = rayBottom(W + 10, nearY)
    /** Screen px per bottom px at the near edge of the band (perspective shrink). */
    const shrink = (nearY - vy) / (bottomY - vy)
    for (let c = 0; c < cuts.length - 1; c++) {
      const field = pickField(season, rng)
      const color = atmos(field.color, f)
      // The first field fills the whole band (it also covers the sliver at the vanishing point).
      const patch = c === 0 ? band : clipPolygon([[vx, vy], [cuts[c + 1]!, bottomY], [cuts[c]!, bottomY]], band)
      if (patch.length < 3) continue
      body.push(`<path d="${polygonPath(patch)}" fill="${hex(color)}"/>`)
      // Texture rows only on near bands, where they are big enough to read.
      if (field.kind === 'plain' || nearY - horizon < groundDepth * 0.4) continue
      const screenSpacing = field.kind === 'plowed' ? rng.range(12, 18) : field.kind === 'stubble' ? rng.range(16, 24) : rng.range(22, 36)
      const spacing = screenSpacing / shrink
      const from = Math.max(cuts[c]!, visMin)
      const to = Math.min(cuts[c + 1]!, visMax)
      let d = ''
      let rows = 0
      for (let x = from + spacing * 0.3; x < to - spacing * 0.5 && rows < 120; x += spacing, rows++) {
        d += polygonPath(clipPolygon([[vx, vy], [x + spacing * 0.45, bottomY], [x, bottomY]], patch))
      }
      if (!d) continue
      const rowColor = field.kind === 'plowed' ? darken(color, 0.14) : field.kind === 'stubble' ? lighten(color, 0.1) : darken(color, season === 'winter' ? 0.07 : 0.11)
      body.push(`<path d="${d}" fill="${hex(rowColor)}"/>`)
    }
  }

  // Water: either a river winding from the horizon or a pond on a middle band.
  const reflection = light === 'dusk' ? [lighten(skyHorizon, 0.2), mix(skyTop, skyHorizon, 0.15)] : [lighten(skyHorizon, 0.1), mix(skyTop, skyHorizon, 0.3)]
  defs.push(linearGradient('water', [[0, reflection[0]!], [1, reflection[1]!]]))
  const waterChoice = rng.next()
  const hasPond = waterChoice >= 0.22 && waterChoice < 0.5
  const objects: Array<{ y: number; svg: string }> = []
  if (waterChoice < 0.22) {
    const x0 = rng.range(0.2, 0.8) * W
    const x1 = rng.range(0.05, 0.95) * W
    const phase = rng.range(0, 6.28)
    const swing = rng.range(0.08, 0.3) * W
    const left: string[] = []
    const right: string[] = []
    for (let i = 0; i <= 20; i++) {
      const t = (i / 20) ** 1.6
      const y = horizon + 1 + t * (groundDepth + 20)
      const cx = x0 + (x1 - x0) * t + Math.sin(phase + t * 7) * swing * t
      const half = (3 + 260 * t ** 1.15) / 2
      left.push(`${n(cx - half)} ${n(y)}`)
      right.unshift(`${n(cx + half)} ${n(y)}`)
    }
    const d = `M${left.join('L')}L${right.join('L')}Z`
    body.push(`<path d="${d}" fill="${hex(darken(atmos(hillBase(), 0.6), 0.3))}" stroke="${hex(darken(atmos(hillBase(), 0.6), 0.3))}" stroke-width="8"/>`)
    body.push(`<path d="${d}" fill="url(#water)"/>`)
  } else if (hasPond) {
    const f = rng.range(0.25, 0.65)
    const cy = horizon + f * groundDepth
    const rx = 90 + 520 * f
    const ry = rx * (0.1 + 0.12 * f)
    const cx = rng.range(0.15, 0.85) * W
    const rim = darken(atmos(hillBase(), f), 0.25)
    let glints = ''
    for (let i = rng.int(1, 3); i > 0; i--) {
      const gy = cy + rng.range(-0.4, 0.5) * ry
      const gx = cx + rng.range(-0.5, 0.3) * rx
      glints += `M${n(gx)} ${n(gy)}h${n(rng.range(0.15, 0.4) * rx)}`
    }
    objects.push({
      y: cy - ry,
      svg:
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx + 8)}" ry="${n(ry + 5)}" fill="${hex(rim)}"/>` +
        `<ellipse cx="${n(cx)}" cy="${n(cy + 2)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#water)"/>` +
        `<path d="${glints}" stroke="#fff" stroke-width="${d1(1 + 2 * f)}" stroke-opacity="0.45"/>`,
    })
  }

  // Tree lines along field boundaries (hedgerows, woodlots).
  const conifers = terrain === 'mountain' || (terrain === 'forest' && rng.chance(0.5)) || (season === 'winter' && rng.chance(0.5))
  /** The nearest tree line; a fence running into the distance stops there. */
  let nearestTreeLineY = horizon + groundDepth * 0.06
  for (let k = 1; k < bandCount; k++) {
    if (!rng.chance(terrain === 'forest' ? 0.8 : 0.55)) continue
    const f = (boundaries[k]!.y - horizon) / groundDepth
    const size = 8 + 170 * f ** 1.1
    const full = rng.chance(0.4)
    const xs = full ? -30 : rng.range(-0.3, 0.8) * W
    const xe = full ? W + 30 : xs + rng.range(0.2, 0.7) * W
    const pointed = conifers && season !== 'autumn'
    const [dark, light2] = pointed ? [hsl(rng.range(140, 160), 0.3, 0.15), hsl(rng.range(120, 140), 0.25, 0.24)] : treeColors(season, rng)
    const baseY = (x: number) => lineY(k, x) + size * 0.05
    // Far tree lines are a few px tall: wider bumps keep the path short at no visible cost.
    const minStep = 7
    /** One canopy silhouette; `inset` shortens it at both ends so layered canopies don't share a straight edge. */
    const canopy = (heightScale: number, widthScale: number, inset = 0) => {
      const start = xs + inset
      const end = xe - inset
      const path = new PathBuilder().move(start, baseY(start) + 2)
      let x = start
      if (size < 18) {
        // Far away: a ragged strip reads as trees; bumps would cost bytes for nothing.
        path.line(x, baseY(x) - size * 0.6 * heightScale)
        while (x < end) {
          x += rng.range(8, 16)
          path.line(x, baseY(x) - size * rng.range(pointed ? 0.5 : 0.6, 1.1) * heightScale)
        }
      } else if (pointed) {
        while (x < end) {
          const w = size * rng.range(0.32, 0.5) * widthScale
          const h = size * rng.range(0.75, 1.25) * heightScale
          path.line(x + w / 2, baseY(x + w / 2) - h).line(x + w, baseY(x + w) - h * 0.3)
          x += w * rng.range(0.55, 0.8)
        }
      } else {
        while (x < end) {
          const dx = size * rng.range(0.3, 0.55) * widthScale
          path.arc(dx * 0.6, x + dx, baseY(x + dx) - size * rng.range(0.55, 1) * heightScale)
          x += dx
        }
        path.arc(size * 0.3, x + size * 0.25, baseY(x + size * 0.25))
        x += size * 0.25
      }
      return path.line(x, baseY(x) + 2).line(start, baseY(start) + 2).close()
    }
    const leafless = season === 'winter' && !pointed
    const svg =
      `<path d="${canopy(1, 1)}" fill="${hex(atmos(dark, f))}"${leafless ? ' fill-opacity="0.75"' : ''}/>` +
      (leafless || size < 18 ? '' : `<path d="${canopy(0.75, 1.3, size * 0.3)}" fill="${hex(atmos(mix(dark, light2, 0.6), f))}"/>`)
    objects.push({ y: boundaries[k]!.y, svg })
    nearestTreeLineY = Math.max(nearestTreeLineY, boundaries[k]!.y)
  }

  // A barn (with silo) or a cabin, sometimes.
  if (rng.chance(0.35)) {
    const f = rng.range(0.12, 0.4)
    const y = horizon + f * groundDepth
    const x = rng.range(0.08, 0.8) * W
    const s = 30 + 320 * f
    const shadow = `<ellipse cx="${n(x + 0.55 * s)}" cy="${n(y)}" rx="${n(0.8 * s)}" ry="${n(0.07 * s)}" fill="#000" fill-opacity="0.2"/>`
    let svg = shadow
    if (rng.chance(0.6)) {
      const wall = atmos(rng.chance(0.7) ? hsl(rng.range(2, 10), 0.55, 0.38) : hsl(30, 0.1, 0.5), f)
      const roof = atmos(hsl(20, 0.08, 0.25), f)
      if (rng.chance(0.6)) {
        const silo = atmos(hsl(205, 0.08, 0.66), f)
        svg += `<rect x="${n(x + 1.2 * s)}" y="${n(y - 1.15 * s)}" width="${n(0.3 * s)}" height="${n(1.15 * s)}" fill="${hex(silo)}"/>`
        svg += `<ellipse cx="${n(x + 1.35 * s)}" cy="${n(y - 1.15 * s)}" rx="${n(0.15 * s)}" ry="${n(0.1 * s)}" fill="${hex(darken(silo, 0.15))}"/>`
      }
      svg += `<rect x="${n(x)}" y="${n(y - 0.55 * s)}" width="${n(1.1 * s)}" height="${n(0.55 * s)}" fill="${hex(wall)}"/>`
      svg += `<path d="M${n(x - 0.05 * s)} ${n(y - 0.53 * s)}L${n(x + 0.12 * s)} ${n(y - 0.82 * s)}L${n(x + 0.55 * s)} ${n(y - 0.98 * s)}L${n(x + 0.98 * s)} ${n(y - 0.82 * s)}L${n(x + 1.15 * s)} ${n(y - 0.53 * s)}Z" fill="${hex(roof)}"/>`
      const dx = x + 0.35 * s
      const dw = 0.4 * s
      const dy = y - 0.38 * s
      svg += `<path d="M${n(dx)} ${n(dy)}h${n(dw)}v${n(0.38 * s)}h${n(-dw)}ZM${n(dx)} ${n(dy)}l${n(dw)} ${n(0.38 * s)}M${n(dx + dw)} ${n(dy)}l${n(-dw)} ${n(0.38 * s)}" fill="none" stroke="${hex(atmos(hsl(40, 0.2, 0.9), f))}" stroke-width="${d1(Math.max(1, s * 0.025))}"/>`
    } else {
      const wall = atmos(hsl(rng.range(20, 30), 0.35, 0.32), f)
      const roof = atmos(hsl(rng.range(0, 30), 0.1, 0.2), f)
      svg += `<rect x="${n(x + 0.75 * s)}" y="${n(y - 0.85 * s)}" width="${n(0.12 * s)}" height="${n(0.4 * s)}" fill="${hex(atmos(hsl(20, 0.05, 0.45), f))}"/>`
      svg += `<rect x="${n(x)}" y="${n(y - 0.42 * s)}" width="${n(1.05 * s)}" height="${n(0.42 * s)}" fill="${hex(wall)}"/>`
      svg += `<path d="M${n(x - 0.1 * s)} ${n(y - 0.4 * s)}L${n(x + 0.12 * s)} ${n(y - 0.72 * s)}L${n(x + 0.95 * s)} ${n(y - 0.72 * s)}L${n(x + 1.15 * s)} ${n(y - 0.4 * s)}Z" fill="${hex(roof)}"/>`
      const glow = light === 'dusk' ? '#ffd27a' : hex(atmos(hsl(210, 0.2, 0.25), f))
      svg += `<rect x="${n(x + 0.2 * s)}" y="${n(y - 0.3 * s)}" width="${n(0.16 * s)}" height="${n(0.14 * s)}" fill="${glow}"/>`
      svg += `<rect x="${n(x + 0.62 * s)}" y="${n(y - 0.3 * s)}" width="${n(0.16 * s)}" height="${n(0.14 * s)}" fill="${glow}"/>`
    }
    objects.push({ y, svg })
  }

  // Round hay bales after harvest (only on dry scenes: they are scattered without regard to water).
  if ((season === 'harvest' || season === 'autumn') && waterChoice >= 0.5 && rng.chance(0.45)) {
    const f0 = rng.range(0.25, 0.6)
    let svg = ''
    const baleColor = atmos(hsl(42, 0.45, 0.6), f0)
    for (let i = rng.int(4, 10); i > 0; i--) {
      const f = f0 + rng.range(-0.1, 0.25)
      const y = horizon + f * groundDepth
      const r = 3 + 42 * f
      const x = vx + rng.range(-0.9, 0.9) * W * f
      svg += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r * 1.4)}" ry="${n(r * 0.25)}" fill="#000" fill-opacity="0.2"/>`
      svg += `<circle cx="${n(x)}" cy="${n(y - r)}" r="${n(r)}" fill="${hex(baleColor)}" stroke="${hex(darken(baleColor, 0.25))}" stroke-width="${d1(Math.max(1, r * 0.12))}"/>`
    }
    objects.push({ y: horizon + f0 * groundDepth, svg })
  }

  // A fence running from the foreground towards the vanishing point.
  // (Not with a pond: from this low viewpoint the fence would appear to cross the water.)
  if (!hasPond && rng.chance(0.4)) {
    const x0 = rng.chance(0.5) ? rng.range(-0.1, 0.25) * W : rng.range(0.75, 1.1) * W
    const y0 = H + 20
    const h0 = rng.range(110, 170)
    const z0 = 1
    const dz = rng.range(0.28, 0.45)
    let posts = ''
    const tops: Array<[number, number, number]> = []
    for (let i = 0; i < 60; i++) {
      const scale = z0 / (z0 + i * dz)
      const y = horizon + (y0 - horizon) * scale
      if (y < nearestTreeLineY + 4) break
      const x = vx + (x0 - vx) * ((y - vy) / (y0 - vy))
      const h = h0 * scale
      const w = Math.max(1.5, 13 * scale)
      posts += `M${n(x - w / 2)} ${n(y)}h${d1(w)}v${n(-h)}h${d1(-w)}Z`
      tops.push([x, y, h])
    }
    if (tops.length >= 4) {
      const first = tops[0]!
      const last = tops[tops.length - 1]!
      const rail = (k: number) => `M${n(first[0])} ${n(first[1] - first[2] * k)}L${n(last[0])} ${n(last[1] - last[2] * k)}`
      const wood = tone(hsl(28, 0.2, 0.3))
      objects.push({
        y: nearestTreeLineY + 1,
        svg:
          `<path d="${rail(0.82)}${rail(0.45)}" stroke="${hex(wood)}" stroke-width="5" fill="none"/>` +
          `<path d="${posts}" fill="${hex(darken(wood, 0.15))}"/>`,
      })
    }
  }

  objects.sort((a, b) => a.y - b.y)
  for (const object of objects) body.push(object.svg)

  // Foreground grass blades along the bottom edge.
  if (season !== 'winter' && rng.chance(0.5)) {
    const grass = tone(season === 'harvest' || season === 'autumn' ? hsl(40, 0.4, 0.38) : hsl(95, 0.38, 0.26))
    let d = ''
    for (let x = -10; x < W + 10; x += rng.range(6, 26)) {
      const h = rng.range(14, 70)
      d += `M${n(x)} ${H + 2}l${n(rng.range(-8, 8))} ${n(-h)}l${n(rng.range(4, 9))} ${n(h)}`
    }
    body.push(`<path d="${d}Z" fill="${hex(grass)}" fill-opacity="0.85"/>`)
  }

  // Haze on the horizon and a soft vignette, like a real lens.
  defs.push(linearGradient('haze', [[0, skyHorizon, 0], [0.55, skyHorizon, 0.32], [1, skyHorizon, 0]]))
  body.push(`<rect y="${n(horizon - H * 0.1)}" width="${W}" height="${n(H * 0.16)}" fill="url(#haze)"/>`)
  // (A radial vignette looked nice but doubled rasterising time; a foreground shade is cheap.)
  defs.push(linearGradient('shade', [[0, BLACK, 0], [1, BLACK, 0.22]]))
  body.push(`<rect y="${n(H * 0.72)}" width="${W}" height="${n(H * 0.28) + 1}" fill="url(#shade)"/>`)

  return svgDocument(W, H, defs, body)
}

// ---------------------------------------------------------------------------
// Broker portraits

/** Builds a friendly generic head-and-shoulders avatar (800x800). */
export function buildPortraitSvg(documentId: number): string {
  const S = PORTRAIT_SIZE
  const rng = new Rng(hashSeed(documentId, 37))
  const bgHue = rng.range(0, 360)
  const skin = rng.pick<Rgb>([hsl(28, 0.6, 0.82), hsl(26, 0.5, 0.72), hsl(24, 0.45, 0.6), hsl(22, 0.42, 0.46), hsl(20, 0.4, 0.34), hsl(30, 0.5, 0.68)])
  const hair = rng.pick<Rgb>([hsl(25, 0.2, 0.12), hsl(25, 0.35, 0.22), hsl(28, 0.4, 0.35), hsl(40, 0.55, 0.62), hsl(15, 0.55, 0.38), hsl(0, 0, 0.7)])
  const shirt = hsl(rng.range(0, 360), rng.range(0.2, 0.55), rng.range(0.25, 0.5))
  const style = rng.pick(['short', 'long', 'bald', 'bun', 'hat'] as const)
  const defs = [radialGradient('bg', [[0, hsl(bgHue, 0.45, 0.9), 1], [1, hsl(bgHue, 0.35, 0.72), 1]], 'cx="0.5" cy="0.4" r="0.75"')]
  const body: string[] = [`<rect width="${S}" height="${S}" fill="url(#bg)"/>`]
  const cx = 400
  const headY = n(rng.range(300, 330))
  const rx = n(rng.range(112, 128))
  const ry = n(rx * rng.range(1.18, 1.3))
  const skinShade = darken(skin, 0.14)

  if (style === 'long') {
    body.push(`<path d="M${cx - rx - 22} ${headY}C${cx - rx - 40} ${headY + 200} ${cx - rx - 10} ${headY + 250} ${cx - rx + 20} ${headY + 270}L${cx + rx - 20} ${headY + 270}C${cx + rx + 10} ${headY + 250} ${cx + rx + 40} ${headY + 200} ${cx + rx + 22} ${headY}Z" fill="${hex(hair)}"/>`)
  }
  // Shoulders and neck.
  const shoulderY = headY + ry + 70
  body.push(`<path d="M${cx - 55} ${headY + ry - 40}L${cx - 58} ${shoulderY + 20}L${cx + 58} ${shoulderY + 20}L${cx + 55} ${headY + ry - 40}Z" fill="${hex(skinShade)}"/>`)
  body.push(`<path d="M${cx - 330} ${S + 10}C${cx - 320} ${shoulderY + 40} ${cx - 230} ${shoulderY} ${cx - 60} ${shoulderY - 8}L${cx + 60} ${shoulderY - 8}C${cx + 230} ${shoulderY} ${cx + 320} ${shoulderY + 40} ${cx + 330} ${S + 10}Z" fill="${hex(shirt)}"/>`)
  if (rng.chance(0.5)) {
    body.push(`<path d="M${cx - 60} ${shoulderY - 8}L${cx} ${shoulderY + 70}L${cx + 60} ${shoulderY - 8}Z" fill="${hex(skinShade)}"/>`)
  } else {
    const collar = lighten(shirt, 0.75)
    body.push(`<path d="M${cx - 62} ${shoulderY - 10}L${cx - 20} ${shoulderY + 60}L${cx} ${shoulderY + 20}L${cx + 20} ${shoulderY + 60}L${cx + 62} ${shoulderY - 10}L${cx} ${shoulderY + 10}Z" fill="${hex(collar)}"/>`)
  }
  // Ears, head, face.
  body.push(`<ellipse cx="${cx - rx + 2}" cy="${headY + 15}" rx="22" ry="32" fill="${hex(skinShade)}"/><ellipse cx="${cx + rx - 2}" cy="${headY + 15}" rx="22" ry="32" fill="${hex(skinShade)}"/>`)
  body.push(`<ellipse cx="${cx}" cy="${headY}" rx="${rx}" ry="${ry}" fill="${hex(skin)}"/>`)
  const eyeY = headY + 10
  const features = hex(darken(skin, 0.6))
  body.push(`<circle cx="${cx - 42}" cy="${eyeY}" r="9" fill="${features}"/><circle cx="${cx + 42}" cy="${eyeY}" r="9" fill="${features}"/>`)
  body.push(`<path d="M${cx - 38} ${eyeY + 62}Q${cx} ${eyeY + 92} ${cx + 38} ${eyeY + 62}" fill="none" stroke="${features}" stroke-width="7" stroke-linecap="round"/>`)
  if (rng.chance(0.25)) {
    body.push(`<g fill="none" stroke="#2b2b2b" stroke-width="6"><circle cx="${cx - 42}" cy="${eyeY}" r="28"/><circle cx="${cx + 42}" cy="${eyeY}" r="28"/><path d="M${cx - 14} ${eyeY}h28"/></g>`)
  }
  // Hair on top.
  const top = headY - ry
  if (style === 'short' || style === 'long' || style === 'bun') {
    body.push(`<path d="M${cx - rx - 6} ${headY + 10}C${cx - rx - 12} ${top - 95} ${cx + rx + 12} ${top - 95} ${cx + rx + 6} ${headY + 10}C${cx + rx - 10} ${headY - 60} ${cx - 30} ${top + 40} ${cx - rx + 10} ${headY - 10}Z" fill="${hex(hair)}"/>`)
    if (style === 'bun') body.push(`<circle cx="${cx}" cy="${top - 20}" r="52" fill="${hex(hair)}"/>`)
  } else if (style === 'bald') {
    body.push(`<path d="M${cx - rx} ${headY + 20}C${cx - rx - 6} ${headY - 40} ${cx - rx + 20} ${headY - 60} ${cx - rx + 30} ${headY - 50}L${cx - rx + 12} ${headY + 30}ZM${cx + rx} ${headY + 20}C${cx + rx + 6} ${headY - 40} ${cx + rx - 20} ${headY - 60} ${cx + rx - 30} ${headY - 50}L${cx + rx - 12} ${headY + 30}Z" fill="${hex(hair)}"/>`)
  } else {
    // A ranch hat: brim plus crown.
    const hat = hsl(rng.range(20, 40), rng.range(0.2, 0.45), rng.range(0.25, 0.55))
    body.push(`<ellipse cx="${cx}" cy="${top + 50}" rx="${rx + 95}" ry="34" fill="${hex(darken(hat, 0.15))}"/>`)
    body.push(`<path d="M${cx - rx + 5} ${top + 50}C${cx - rx} ${top - 40} ${cx - 40} ${top - 70} ${cx} ${top - 40}C${cx + 40} ${top - 70} ${cx + rx} ${top - 40} ${cx + rx - 5} ${top + 50}Z" fill="${hex(hat)}"/>`)
    body.push(`<path d="M${cx - rx + 14} ${top + 36}L${cx + rx - 14} ${top + 36}" stroke="${hex(darken(hat, 0.45))}" stroke-width="14"/>`)
  }
  return svgDocument(S, S, defs, body)
}

// ---------------------------------------------------------------------------
// Company logos

/**
 * A tiny stroke alphabet on a 40x60 grid, so monograms never depend on the
 * fonts installed on the machine that renders them (byte-identical output).
 */
const STROKE_LETTERS: Record<string, string> = {
  A: 'M0 60L20 0L40 60M8 38H32',
  B: 'M0 0V60H24A15 15 0 0 0 24 30H0M0 0H22A13 15 0 0 1 22 30',
  C: 'M40 10A22 30 0 1 0 40 50',
  D: 'M0 0V60H14A26 30 0 0 0 14 0Z',
  E: 'M40 0H0V60H40M0 30H30',
  F: 'M40 0H0V60M0 30H30',
  G: 'M40 10A22 30 0 1 0 40 50V34H22',
  H: 'M0 0V60M40 0V60M0 30H40',
  J: 'M36 0V42A18 18 0 0 1 0 42',
  K: 'M0 0V60M40 0L0 36M14 26L40 60',
  L: 'M0 0V60H40',
  M: 'M0 60V0L20 36L40 0V60',
  N: 'M0 60V0L40 60V0',
  P: 'M0 60V0H24A15 15 0 0 1 24 30H0',
  R: 'M0 60V0H24A15 15 0 0 1 24 30H0M18 30L40 60',
  T: 'M0 0H40M20 0V60',
  U: 'M0 0V40A20 20 0 0 0 40 40V0',
  V: 'M0 0L20 60L40 0',
  W: 'M0 0L10 60L20 20L30 60L40 0',
  X: 'M0 0L40 60M40 0L0 60',
  Y: 'M0 0L20 30L40 0M20 30V60',
  Z: 'M0 0H40L0 60H40',
}
const LETTERS = Object.keys(STROKE_LETTERS)

/** Builds a company logo (800x400): emblem with a land motif plus a monogram. */
export function buildLogoSvg(documentId: number): string {
  const W = LOGO_WIDTH
  const H = LOGO_HEIGHT
  const rng = new Rng(hashSeed(documentId, 53))
  const hue = rng.range(0, 360)
  const brand = hsl(hue, rng.range(0.4, 0.65), rng.range(0.3, 0.42))
  const accent = hsl(hue + rng.pick([30, 150, 180, 210]), rng.range(0.5, 0.7), rng.range(0.45, 0.55))
  const background = hsl(hue, 0.25, 0.96)
  const body: string[] = [`<rect width="${W}" height="${H}" fill="${hex(background)}"/>`]

  // Emblem shape.
  const ex = 200
  const ey = 200
  const r = 130
  const shape = rng.pick(['circle', 'shield', 'hexagon', 'square', 'diamond'] as const)
  let outline: string
  if (shape === 'circle') outline = `M${ex - r} ${ey}A${r} ${r} 0 1 0 ${ex + r} ${ey}A${r} ${r} 0 1 0 ${ex - r} ${ey}Z`
  else if (shape === 'shield') outline = `M${ex - r} ${ey - r}H${ex + r}V${ey}C${ex + r} ${ey + 80} ${ex + 50} ${ey + 115} ${ex} ${ey + r + 10}C${ex - 50} ${ey + 115} ${ex - r} ${ey + 80} ${ex - r} ${ey}Z`
  else if (shape === 'hexagon') {
    const pts = Array.from({ length: 6 }, (_, i) => `${n(ex + r * Math.cos((Math.PI / 3) * i + Math.PI / 6))} ${n(ey + r * Math.sin((Math.PI / 3) * i + Math.PI / 6))}`)
    outline = `M${pts.join('L')}Z`
  } else if (shape === 'square') outline = `M${ex - r + 30} ${ey - r}H${ex + r - 30}Q${ex + r} ${ey - r} ${ex + r} ${ey - r + 30}V${ey + r - 30}Q${ex + r} ${ey + r} ${ex + r - 30} ${ey + r}H${ex - r + 30}Q${ex - r} ${ey + r} ${ex - r} ${ey + r - 30}V${ey - r + 30}Q${ex - r} ${ey - r} ${ex - r + 30} ${ey - r}Z`
  else outline = `M${ex} ${ey - r - 10}L${ex + r + 10} ${ey}L${ex} ${ey + r + 10}L${ex - r - 10} ${ey}Z`
  body.push(`<path d="${outline}" fill="${hex(brand)}"/>`)

  // Motif inside the emblem (clipped to it).
  const motif = rng.pick(['peaks', 'sun', 'hills', 'tree', 'furrows'] as const)
  const motifs: Record<typeof motif, string> = {
    peaks: `<path d="M${ex - 110} ${ey + 60}L${ex - 30} ${ey - 50}L${ex + 10} ${ey + 5}L${ex + 45} ${ey - 30}L${ex + 110} ${ey + 60}Z" fill="#fff"/><path d="M${ex - 52} ${ey - 20}L${ex - 30} ${ey - 50}L${ex - 10} ${ey - 22}Z" fill="${hex(accent)}"/>`,
    sun: `<circle cx="${ex}" cy="${ey + 10}" r="55" fill="${hex(accent)}"/><path d="M${ex - 120} ${ey + 25}H${ex + 120}M${ex - 100} ${ey + 55}H${ex + 100}M${ex - 80} ${ey + 85}H${ex + 80}" stroke="#fff" stroke-width="14"/>`,
    hills: `<path d="M${ex - 140} ${ey + 40}Q${ex - 60} ${ey - 40} ${ex + 10} ${ey + 30}T${ex + 140} ${ey + 10}V${ey + 140}H${ex - 140}Z" fill="#fff"/><circle cx="${ex + 45}" cy="${ey - 45}" r="26" fill="${hex(accent)}"/>`,
    tree: `<path d="M${ex} ${ey - 95}L${ex + 42} ${ey - 30}H${ex + 22}L${ex + 62} ${ey + 25}H${ex + 12}V${ey + 75}H${ex - 12}V${ey + 25}H${ex - 62}L${ex - 22} ${ey - 30}H${ex - 42}Z" fill="#fff"/><path d="M${ex - 110} ${ey + 75}H${ex + 110}" stroke="${hex(accent)}" stroke-width="12"/>`,
    furrows: `<path d="M${ex - 30} ${ey - 60}L${ex - 120} ${ey + 110}M${ex} ${ey - 60}V${ey + 120}M${ex + 30} ${ey - 60}L${ex + 120} ${ey + 110}M${ex - 15} ${ey - 60}L${ex - 60} ${ey + 120}M${ex + 15} ${ey - 60}L${ex + 60} ${ey + 120}" stroke="#fff" stroke-width="10"/><circle cx="${ex}" cy="${ey - 80}" r="22" fill="${hex(accent)}"/>`,
  }
  const defs = [`<clipPath id="em"><path d="${outline}"/></clipPath>`]
  body.push(`<g clip-path="url(#em)">${motifs[motif]}</g>`)

  // Monogram: two or three stroke letters, plus tagline bars.
  const count = rng.int(2, 3)
  const letters = Array.from({ length: count }, () => rng.pick(LETTERS))
  const scale = count === 2 ? 2.2 : 1.8
  const advance = 40 * scale + 34
  let x = 390
  const y = 200 - 30 * scale - 20
  for (const letter of letters) {
    body.push(`<path transform="translate(${x} ${n(y)}) scale(${scale})" d="${STROKE_LETTERS[letter]}" fill="none" stroke="${hex(brand)}" stroke-width="${d1(13 / scale)}" stroke-linecap="round" stroke-linejoin="round"/>`)
    x += advance
  }
  const barY = n(y + 60 * scale + 40)
  body.push(`<rect x="390" y="${barY}" width="${n(x - 390 - 34)}" height="10" rx="5" fill="${hex(accent)}"/>`)
  body.push(`<rect x="390" y="${barY + 26}" width="${n((x - 390 - 34) * rng.range(0.5, 0.8))}" height="8" rx="4" fill="${hex(mix(brand, background, 0.5))}"/>`)
  return svgDocument(W, H, defs, body)
}

// ---------------------------------------------------------------------------
// Placeholder

/** The neutral "no photo" image: a grey landscape silhouette with a picture icon. */
export function buildPlaceholderSvg(_documentId: number): string {
  const W = PHOTO_WIDTH
  const H = PHOTO_HEIGHT
  const defs = [linearGradient('sky', [[0, hsl(210, 0.08, 0.86)], [1, hsl(210, 0.08, 0.93)]])]
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<path d="M0 640C220 560 380 520 600 600S1000 520 1220 580S1500 560 1600 600V1067H0Z" fill="#d3d7dc"/>`,
    `<path d="M0 760C260 690 520 700 800 750S1300 720 1600 700V1067H0Z" fill="#c3c8ce"/>`,
    `<path d="M0 900C400 840 900 860 1600 880V1067H0Z" fill="#b4bac1"/>`,
    // Picture icon: rounded frame, sun and two peaks.
    `<g transform="translate(650 320)" fill="none" stroke="#8b939c" stroke-width="18" stroke-linejoin="round">` +
      `<rect x="0" y="0" width="300" height="230" rx="28"/>` +
      `<path d="M30 200L115 100L175 165L215 125L270 200Z" fill="#8b939c"/>` +
      `<circle cx="215" cy="65" r="24" fill="#8b939c" stroke="none"/></g>`,
  ]
  return svgDocument(W, H, defs, body)
}
