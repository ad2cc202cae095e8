import { mix, toHex, type Rgb } from './colour'
import { PHOTO_WIDTH } from './dimensions'
import { getBoundaryY, getDepthAtY, getYAtDepth, type Ground } from './ground'
import { fadeWithDistance, type Landscape, type StandingObject } from './landscape'
import { pickConiferColours, pickTreeColours } from './palette'
import type { SeededRandom } from './random'
import { PathBuilder } from './svg-path'

/**
 * Below this height in pixels a tree line is drawn as a ragged strip: at a
 * few pixels tall it still reads as trees, and crowns would cost bytes for nothing.
 */
const FAR_TREE_SIZE = 18

interface TreeRow {
  startX: number
  endX: number
  /** Typical tree height in pixels. */
  size: number
  isConifer: boolean
  baseY: (x: number) => number
}

interface CanopyScale {
  height: number
  width: number
}

/**
 * Hedgerows and woodlots along some field boundaries. Returns the y of the
 * nearest tree line, where a fence running into the distance stops.
 */
export function addTreeLines(landscape: Landscape, ground: Ground, objects: StandingObject[]): number {
  const { random, season, terrain } = landscape
  const hasConifers = terrain === 'mountain' || (terrain === 'forest' && random.chance(0.5)) || (season === 'winter' && random.chance(0.5))
  let nearestTreeLineY = getYAtDepth(ground, 0.06)
  for (let boundary = 1; boundary < ground.boundaries.length - 1; boundary++) {
    if (!random.chance(terrain === 'forest' ? 0.8 : 0.55)) continue
    const lineY = ground.boundaries[boundary]!.y
    const depth = getDepthAtY(ground, lineY)
    const size = 8 + 170 * depth ** 1.1
    const spansFrame = random.chance(0.4)
    const startX = spansFrame ? -30 : random.range(-0.3, 0.8) * PHOTO_WIDTH
    const endX = spansFrame ? PHOTO_WIDTH + 30 : startX + random.range(0.2, 0.7) * PHOTO_WIDTH
    // Autumn tree lines are always broadleaf, to show the autumn colours.
    const isConifer = hasConifers && season !== 'autumn'
    const [shade, light] = isConifer ? pickConiferColours(random) : pickTreeColours(season, random)
    const row: TreeRow = { startX, endX, size, isConifer, baseY: (x) => getBoundaryY(ground, boundary, x) + size * 0.05 }
    const isLeafless = season === 'winter' && !isConifer
    const fade = (colour: Rgb) => toHex(fadeWithDistance(landscape, colour, depth))
    let svg = `<path d="${buildTreeCanopy(random, row, { height: 1, width: 1 })}" fill="${fade(shade)}"${isLeafless ? ' fill-opacity="0.75"' : ''}/>`
    // A lower, lighter layer in front gives near trees in leaf some volume.
    if (!isLeafless && size >= FAR_TREE_SIZE) {
      svg += `<path d="${buildTreeCanopy(random, row, { height: 0.75, width: 1.3 }, size * 0.3)}" fill="${fade(mix(shade, light, 0.6))}"/>`
    }
    objects.push({ y: lineY, svg })
    nearestTreeLineY = Math.max(nearestTreeLineY, lineY)
  }
  return nearestTreeLineY
}

/** One canopy silhouette; `inset` shortens it at both ends so layered canopies don't share a straight edge. */
function buildTreeCanopy(random: SeededRandom, row: TreeRow, scale: CanopyScale, inset = 0): string {
  const startX = row.startX + inset
  const endX = row.endX - inset
  const path = new PathBuilder().move(startX, row.baseY(startX) + 2)
  const traceCrowns = row.size < FAR_TREE_SIZE ? traceRaggedStrip : row.isConifer ? traceConiferTips : traceRoundCrowns
  const x = traceCrowns(path, random, row, { startX, endX, scale })
  return path
    .line(x, row.baseY(x) + 2)
    .line(startX, row.baseY(startX) + 2)
    .close()
}

interface CrownSpan {
  startX: number
  endX: number
  scale: CanopyScale
}

/** Each trace draws the top of a canopy from left to right and returns the x where it stopped. */
function traceRaggedStrip(path: PathBuilder, random: SeededRandom, row: TreeRow, { startX, endX, scale }: CrownSpan): number {
  let x = startX
  path.line(x, row.baseY(x) - row.size * 0.6 * scale.height)
  while (x < endX) {
    x += random.range(8, 16)
    path.line(x, row.baseY(x) - row.size * random.range(row.isConifer ? 0.5 : 0.6, 1.1) * scale.height)
  }
  return x
}

function traceConiferTips(path: PathBuilder, random: SeededRandom, row: TreeRow, { startX, endX, scale }: CrownSpan): number {
  let x = startX
  while (x < endX) {
    const width = row.size * random.range(0.32, 0.5) * scale.width
    const height = row.size * random.range(0.75, 1.25) * scale.height
    path.line(x + width / 2, row.baseY(x + width / 2) - height).line(x + width, row.baseY(x + width) - height * 0.3)
    // Steps shorter than a tree overlap neighbouring trees, as in a real stand.
    x += width * random.range(0.55, 0.8)
  }
  return x
}

function traceRoundCrowns(path: PathBuilder, random: SeededRandom, row: TreeRow, { startX, endX, scale }: CrownSpan): number {
  let x = startX
  while (x < endX) {
    const step = row.size * random.range(0.3, 0.55) * scale.width
    path.arc(step * 0.6, x + step, row.baseY(x + step) - row.size * random.range(0.55, 1) * scale.height)
    x += step
  }
  // A last half crown rounds the end of the row down to the ground.
  path.arc(row.size * 0.3, x + row.size * 0.25, row.baseY(x + row.size * 0.25))
  return x + row.size * 0.25
}
