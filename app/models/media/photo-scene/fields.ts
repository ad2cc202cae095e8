import { darken, lighten, toHex, type Rgb } from './colour'
import { PHOTO_WIDTH } from './dimensions'
import { clipPolygon, type Point } from './geometry'
import { getBoundaryY, getDepthAtY, RAY_BOTTOM_Y, buildRayWedge, type Ground } from './ground'
import { fadeWithDistance, type Landscape } from './landscape'
import { pickField, type FieldKind } from './palette'
import { buildPolygonPath } from './svg-path'

/** Fields fill the ground band by band, far to near. */
export function drawFields(landscape: Landscape, ground: Ground): void {
  for (let band = 0; band < ground.boundaries.length - 1; band++) drawFieldBand(landscape, ground, band)
}

/** x on RAY_BOTTOM_Y of the ray from the vanishing point through (x, y). */
function projectToRayBottom(ground: Ground, x: number, y: number): number {
  return ground.vanishingX + ((x - ground.vanishingX) * (RAY_BOTTOM_Y - ground.vanishingY)) / Math.max(1, y - ground.vanishingY)
}

/** One band split into wedge-shaped fields by 0 to 2 cuts through the vanishing point. */
function drawFieldBand(landscape: Landscape, ground: Ground, band: number): void {
  const { random, season, horizon, body } = landscape
  const farY = ground.boundaries[band]!.y
  const nearY = ground.boundaries[band + 1]!.y
  const depth = getDepthAtY(ground, (farY + nearY) / 2)
  const outline: Point[] = [
    [-5, getBoundaryY(ground, band, -5)],
    [PHOTO_WIDTH + 5, getBoundaryY(ground, band, PHOTO_WIDTH + 5)],
    [PHOTO_WIDTH + 5, getBoundaryY(ground, band + 1, PHOTO_WIDTH + 5)],
    [-5, getBoundaryY(ground, band + 1, -5)],
  ]
  const cuts = [-8 * PHOTO_WIDTH]
  for (let cut = random.integer(0, 2); cut > 0; cut--) cuts.push(ground.vanishingX + random.range(-1.6, 1.6) * PHOTO_WIDTH)
  cuts.push(9 * PHOTO_WIDTH)
  cuts.sort((a, b) => a - b)
  // Ray bottoms whose rays cross the frame inside this band; rows outside never show.
  const visibleFromX = projectToRayBottom(ground, -10, nearY)
  const visibleToX = projectToRayBottom(ground, PHOTO_WIDTH + 10, nearY)
  /** Screen px per bottom px at the near edge of the band (perspective shrink). */
  const shrink = (nearY - ground.vanishingY) / (RAY_BOTTOM_Y - ground.vanishingY)
  for (let index = 0; index < cuts.length - 1; index++) {
    const field = pickField(season, random)
    const colour = fadeWithDistance(landscape, field.colour, depth)
    // The first field fills the whole band (it also covers the sliver at the vanishing point).
    const patch = index === 0 ? outline : clipPolygon(buildRayWedge(ground, cuts[index]!, cuts[index + 1]!), outline)
    if (patch.length < 3) continue
    body.push(`<path d="${buildPolygonPath(patch)}" fill="${toHex(colour)}"/>`)
    // Texture rows only on near bands, where they are big enough to read.
    if (field.kind === 'plain' || nearY - horizon < ground.height * 0.4) continue
    drawFieldRows(landscape, ground, {
      patch,
      colour,
      kind: field.kind,
      fromX: Math.max(cuts[index]!, visibleFromX),
      toX: Math.min(cuts[index + 1]!, visibleToX),
      shrink,
    })
  }
}

interface FieldRows {
  patch: Point[]
  colour: Rgb
  kind: Exclude<FieldKind, 'plain'>
  /** The span of ray bottoms to draw rows in. */
  fromX: number
  toX: number
  shrink: number
}

/** Crop rows, furrows or stubble lines running towards the vanishing point. */
function drawFieldRows({ random, season, body }: Landscape, ground: Ground, rows: FieldRows): void {
  const screenSpacing = rows.kind === 'plowed' ? random.range(12, 18) : rows.kind === 'stubble' ? random.range(16, 24) : random.range(22, 36)
  const spacing = screenSpacing / rows.shrink
  let pathData = ''
  let rowCount = 0
  // The row cap bounds the path size, whatever the perspective does to the spacing.
  for (let x = rows.fromX + spacing * 0.3; x < rows.toX - spacing * 0.5 && rowCount < 120; x += spacing, rowCount++) {
    pathData += buildPolygonPath(clipPolygon(buildRayWedge(ground, x, x + spacing * 0.45), rows.patch))
  }
  if (!pathData) return
  const rowColour =
    rows.kind === 'plowed' ? darken(rows.colour, 0.14) : rows.kind === 'stubble' ? lighten(rows.colour, 0.1) : darken(rows.colour, season === 'winter' ? 0.07 : 0.11)
  body.push(`<path d="${pathData}" fill="${toHex(rowColour)}"/>`)
}
