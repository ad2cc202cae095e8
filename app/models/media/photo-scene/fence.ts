import { darken, hsl, toHex } from './colour'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import type { Ground } from './ground'
import { tintForLight, type Landscape, type StandingObject } from './landscape'
import { round, roundToTenth } from './svg'
import type { Water } from './water'

/** A safety bound only: the nearest tree line always stops the fence sooner. */
const MAX_POSTS = 60

/**
 * A fence running from the foreground towards the vanishing point, ending at
 * the nearest tree line. Not with a pond: from this low viewpoint the fence
 * would appear to cross the water.
 */
export function addFence(landscape: Landscape, ground: Ground, water: Water, nearestTreeLineY: number, objects: StandingObject[]): void {
  const { random, light, horizon } = landscape
  if (water === 'pond' || !random.chance(0.4)) return
  const nearX = random.chance(0.5) ? random.range(-0.1, 0.25) * PHOTO_WIDTH : random.range(0.75, 1.1) * PHOTO_WIDTH
  const nearY = PHOTO_HEIGHT + 20
  const nearHeight = random.range(110, 170)
  /** Distance between posts, in units of the nearest post's distance from the viewer. */
  const spacing = random.range(0.28, 0.45)
  let posts = ''
  const tops: Array<[x: number, y: number, height: number]> = []
  for (let post = 0; post < MAX_POSTS; post++) {
    const scale = 1 / (1 + post * spacing)
    const y = horizon + (nearY - horizon) * scale
    if (y < nearestTreeLineY + 4) break
    const x = ground.vanishingX + (nearX - ground.vanishingX) * ((y - ground.vanishingY) / (nearY - ground.vanishingY))
    const height = nearHeight * scale
    const width = Math.max(1.5, 13 * scale)
    posts += `M${round(x - width / 2)} ${round(y)}h${roundToTenth(width)}v${round(-height)}h${roundToTenth(-width)}Z`
    tops.push([x, y, height])
  }
  // Fewer posts than this look like stray sticks rather than a fence.
  if (tops.length < 4) return
  const first = tops[0]!
  const last = tops[tops.length - 1]!
  /** A straight rail at a fraction of the post height; perspective keeps it straight. */
  const rail = (heightFraction: number) =>
    `M${round(first[0])} ${round(first[1] - first[2] * heightFraction)}L${round(last[0])} ${round(last[1] - last[2] * heightFraction)}`
  const wood = tintForLight(light, hsl(28, 0.2, 0.3))
  objects.push({
    // Just in front of the tree line it runs into.
    y: nearestTreeLineY + 1,
    svg: `<path d="${rail(0.82)}${rail(0.45)}" stroke="${toHex(wood)}" stroke-width="5" fill="none"/>` + `<path d="${posts}" fill="${toHex(darken(wood, 0.15))}"/>`,
  })
}
