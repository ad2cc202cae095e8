import { darken, hsl, toHex } from './colour'
import { PHOTO_WIDTH } from './dimensions'
import { getYAtDepth, type Ground } from './ground'
import { fadeWithDistance, type Landscape, type StandingObject } from './landscape'
import { buildGroundShadow, round, roundToTenth } from './svg'
import type { Water } from './water'

/**
 * Round hay bales after harvest, only on dry scenes: they are scattered
 * without regard to water, so a river or pond could end up under them.
 */
export function addHayBales(landscape: Landscape, ground: Ground, water: Water, objects: StandingObject[]): void {
  const { random, season } = landscape
  if ((season !== 'harvest' && season !== 'autumn') || water !== 'none' || !random.chance(0.45)) return
  const fieldDepth = random.range(0.25, 0.6)
  const colour = fadeWithDistance(landscape, hsl(42, 0.45, 0.6), fieldDepth)
  let svg = ''
  for (let bale = random.integer(4, 10); bale > 0; bale--) {
    const depth = fieldDepth + random.range(-0.1, 0.25)
    const y = getYAtDepth(ground, depth)
    const radius = 3 + 42 * depth
    // Spread in proportion to depth, so the bales fan out towards the viewer like the field rows.
    const x = ground.vanishingX + random.range(-0.9, 0.9) * PHOTO_WIDTH * depth
    svg += buildGroundShadow(x, y, radius * 1.4, radius * 0.25)
    svg += `<circle cx="${round(x)}" cy="${round(y - radius)}" r="${round(radius)}" fill="${toHex(colour)}" stroke="${toHex(darken(colour, 0.25))}" stroke-width="${roundToTenth(Math.max(1, radius * 0.12))}"/>`
  }
  objects.push({ y: getYAtDepth(ground, fieldDepth), svg })
}
