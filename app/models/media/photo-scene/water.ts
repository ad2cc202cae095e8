import { darken, lighten, mix, toHex } from './colour'
import { PHOTO_WIDTH } from './dimensions'
import { getYAtDepth, type Ground } from './ground'
import { fadeWithDistance, type Landscape, type StandingObject } from './landscape'
import { getGrassColour } from './palette'
import { buildLinearGradient, round, roundToTenth } from './svg'

export type Water = 'river' | 'pond' | 'none'

/** Either a river winding from the horizon, a pond on a middle band, or no water. */
export function drawWater(landscape: Landscape, ground: Ground, objects: StandingObject[]): Water {
  const { random, light, sky, defs } = landscape
  const reflection = light === 'dusk' ? [lighten(sky.horizon, 0.2), mix(sky.top, sky.horizon, 0.15)] : [lighten(sky.horizon, 0.1), mix(sky.top, sky.horizon, 0.3)]
  // Defined even when no water is drawn: leaving it out would change the bytes of every dry photo.
  defs.push(
    buildLinearGradient('water', [
      [0, reflection[0]!],
      [1, reflection[1]!],
    ]),
  )
  const choice = random.next()
  if (choice < 0.22) {
    drawRiver(landscape, ground)
    return 'river'
  }
  if (choice < 0.5) {
    objects.push(placePond(landscape, ground))
    return 'pond'
  }
  return 'none'
}

/** The river widens towards the viewer and swings more the nearer it gets. */
function drawRiver(landscape: Landscape, ground: Ground): void {
  const { random, season, horizon, body } = landscape
  const horizonX = random.range(0.2, 0.8) * PHOTO_WIDTH
  const bottomX = random.range(0.05, 0.95) * PHOTO_WIDTH
  const phase = random.range(0, 6.28)
  const swing = random.range(0.08, 0.3) * PHOTO_WIDTH
  const leftBank: string[] = []
  const rightBank: string[] = []
  for (let step = 0; step <= 20; step++) {
    const nearness = (step / 20) ** 1.6
    const y = horizon + 1 + nearness * (ground.height + 20)
    const centreX = horizonX + (bottomX - horizonX) * nearness + Math.sin(phase + nearness * 7) * swing * nearness
    const halfWidth = (3 + 260 * nearness ** 1.15) / 2
    leftBank.push(`${round(centreX - halfWidth)} ${round(y)}`)
    rightBank.unshift(`${round(centreX + halfWidth)} ${round(y)}`)
  }
  const outline = `M${leftBank.join('L')}L${rightBank.join('L')}Z`
  const bankColour = toHex(darken(fadeWithDistance(landscape, getGrassColour(season), 0.6), 0.3))
  body.push(`<path d="${outline}" fill="${bankColour}" stroke="${bankColour}" stroke-width="8"/>`)
  body.push(`<path d="${outline}" fill="url(#water)"/>`)
}

/** A pond stands among the tree lines and buildings, so nearer ones can hide part of it. */
function placePond(landscape: Landscape, ground: Ground): StandingObject {
  const { random, season } = landscape
  const depth = random.range(0.25, 0.65)
  const centreY = getYAtDepth(ground, depth)
  const radiusX = 90 + 520 * depth
  const radiusY = radiusX * (0.1 + 0.12 * depth)
  const centreX = random.range(0.15, 0.85) * PHOTO_WIDTH
  const rimColour = darken(fadeWithDistance(landscape, getGrassColour(season), depth), 0.25)
  let glints = ''
  for (let glint = random.integer(1, 3); glint > 0; glint--) {
    const glintY = centreY + random.range(-0.4, 0.5) * radiusY
    const glintX = centreX + random.range(-0.5, 0.3) * radiusX
    glints += `M${round(glintX)} ${round(glintY)}h${round(random.range(0.15, 0.4) * radiusX)}`
  }
  return {
    y: centreY - radiusY,
    svg:
      `<ellipse cx="${round(centreX)}" cy="${round(centreY)}" rx="${round(radiusX + 8)}" ry="${round(radiusY + 5)}" fill="${toHex(rimColour)}"/>` +
      `<ellipse cx="${round(centreX)}" cy="${round(centreY + 2)}" rx="${round(radiusX)}" ry="${round(radiusY)}" fill="url(#water)"/>` +
      `<path d="${glints}" stroke="#fff" stroke-width="${roundToTenth(1 + 2 * depth)}" stroke-opacity="0.45"/>`,
  }
}
