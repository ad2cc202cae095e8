import { mix, toHex } from './colour'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import { tintForLight, type Landscape } from './landscape'
import { getGrassColour, pickTreeColours } from './palette'
import { PathBuilder } from './svg-path'

/** One or two soft hill lines on the horizon; wooded ones get a bumpy canopy edge. */
export function drawHills(landscape: Landscape): void {
  const { random, terrain } = landscape
  if (terrain === 'plains' && !random.chance(0.4)) return
  const layerCount = terrain === 'plains' ? 1 : random.integer(1, 2)
  for (let layer = 0; layer < layerCount; layer++) drawHillLayer(landscape, layer)
}

function drawHillLayer({ random, season, terrain, light, horizon, sky, body }: Landscape, layer: number): void {
  const height = PHOTO_HEIGHT * (terrain === 'plains' ? random.range(0.015, 0.03) : random.range(0.03, 0.09)) * (layer === 0 ? 1.4 : 0.8)
  const phase = random.range(0, 6.28)
  const ripplePhase = random.range(0, 6.28)
  const frequency = random.range(1.2, 3)
  const hillY = (x: number) =>
    horizon + 2 - height * (0.55 + 0.3 * Math.sin(phase + (x / PHOTO_WIDTH) * frequency * 6.28) + 0.15 * Math.sin(ripplePhase + (x / PHOTO_WIDTH) * frequency * 15))
  const isWooded = terrain === 'forest' || (season !== 'winter' && random.chance(0.25))
  // Drawn for every layer, wooded or not, so later layers keep their random sequence.
  const [treeShade] = pickTreeColours(season, random)
  const colour = isWooded
    ? mix(tintForLight(light, treeShade), sky.horizon, 0.45 - layer * 0.15)
    : mix(tintForLight(light, getGrassColour(season)), sky.horizon, 0.5 - layer * 0.2)
  const path = new PathBuilder().move(-20, horizon + 30).line(-20, hillY(-20))
  let x = -20
  if (isWooded) {
    // Canopy texture: a chain of small arcs riding on the hill line.
    while (x < PHOTO_WIDTH + 20) {
      const step = random.range(12, 24)
      path.arc(step * 0.6, x + step, hillY(x + step) - random.range(2, 9))
      x += step
    }
  } else {
    while (x < PHOTO_WIDTH + 20) {
      x += 40
      path.line(x, hillY(x))
    }
  }
  body.push(`<path d="${path.line(x, horizon + 30).close()}" fill="${toHex(colour)}"/>`)
}
