import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import type { Point } from './geometry'
import type { Landscape } from './landscape'

/**
 * The ground below the horizon, seen in perspective: bands of fields split by
 * boundary lines, with field edges and crop rows converging on a vanishing point.
 */
export interface Ground {
  horizon: number
  /** Pixels from the horizon to the bottom edge. */
  height: number
  vanishingX: number
  vanishingY: number
  /** From the horizon (first) to below the bottom edge (last); each line is slightly tilted. */
  boundaries: Array<{ y: number; tilt: number }>
}

/** Where rays from the vanishing point end: far enough below the frame that wedges cover it. */
export const RAY_BOTTOM_Y = PHOTO_HEIGHT + 40

export function layOutGround({ random, horizon }: Landscape): Ground {
  const height = PHOTO_HEIGHT - horizon
  const vanishingX = random.range(0.15, 0.85) * PHOTO_WIDTH
  const bandCount = random.integer(4, 6)
  const boundaries: Ground['boundaries'] = [{ y: horizon, tilt: 0 }]
  for (let band = 1; band < bandCount; band++) {
    // Bands get deeper towards the viewer, as perspective would have them.
    const depth = (band / bandCount + random.range(-0.25, 0.25) / bandCount) ** 1.7
    const y = horizon + depth * height
    boundaries.push({ y, tilt: (random.range(-1, 1) * 0.05 * depth * height) / (PHOTO_WIDTH / 2) })
  }
  boundaries.push({ y: PHOTO_HEIGHT + 12, tilt: 0 })
  return { horizon, height, vanishingX, vanishingY: horizon - 1, boundaries }
}

export function getBoundaryY(ground: Ground, index: number, x: number): number {
  const boundary = ground.boundaries[index]!
  return boundary.y + boundary.tilt * (x - PHOTO_WIDTH / 2)
}

/** Depth 0 is the horizon and 1 the bottom edge. */
export function getDepthAtY(ground: Ground, y: number): number {
  return (y - ground.horizon) / ground.height
}

export function getYAtDepth(ground: Ground, depth: number): number {
  return ground.horizon + depth * ground.height
}

/** The triangle from the vanishing point to two points on RAY_BOTTOM_Y, clockwise. */
export function buildRayWedge(ground: Ground, leftBottomX: number, rightBottomX: number): Point[] {
  return [
    [ground.vanishingX, ground.vanishingY],
    [rightBottomX, RAY_BOTTOM_Y],
    [leftBottomX, RAY_BOTTOM_Y],
  ]
}
