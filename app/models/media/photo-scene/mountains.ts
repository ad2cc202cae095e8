import { darken, hsl, mix, toHex, WHITE } from './colour'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import { generateRidgeNoise } from './geometry'
import type { Landscape } from './landscape'
import { round } from './svg'

/** Points spread from just left of the frame to just right of it, one per noise value. */
function placeRidgePoints(values: number[], heightAt: (value: number) => number): string[] {
  const step = (PHOTO_WIDTH + 40) / (values.length - 1)
  return values.map((value, index) => `${round(index * step - 20)} ${round(heightAt(value))}`)
}

/** A ridge silhouette, filled down to below the horizon. */
function buildRidgePath(horizon: number, values: number[], baseY: number, amplitude: number): string {
  const points = placeRidgePoints(values, (value) => baseY - value * amplitude)
  return `M${points.join('L')}L${PHOTO_WIDTH + 20} ${horizon + 30}L-20 ${horizon + 30}Z`
}

/** Distant mountains behind mountain listings, and sometimes low ranges behind rolling country. */
export function drawMountains({ random, season, terrain, light, horizon, sky, defs, body }: Landscape): void {
  if (terrain !== 'mountain' && !(terrain === 'rolling' && random.chance(0.35))) return
  const isTall = terrain === 'mountain'
  const amplitude = PHOTO_HEIGHT * (isTall ? random.range(0.14, 0.3) : random.range(0.05, 0.09))
  const values = generateRidgeNoise(random, 5, random.range(0.5, 0.62))
  const slate = hsl(random.range(210, 235), 0.18, 0.42)
  const farColour = mix(slate, sky.horizon, light === 'dusk' ? 0.35 : 0.5)
  const farRidge = buildRidgePath(horizon, values, horizon - amplitude * 0.12, amplitude)
  body.push(`<path d="${farRidge}" fill="${toHex(farColour)}"/>`)
  if (!isTall) return
  if (season === 'winter' || random.chance(0.6)) {
    // Snow caps: the same ridge clipped to a ragged line below the peaks.
    const snowLine = placeRidgePoints(generateRidgeNoise(random, 4, 0.6), (value) => horizon - amplitude * (0.55 + 0.2 * value))
    defs.push(`<clipPath id="snow"><path d="M-20 0L${PHOTO_WIDTH + 20} 0L${snowLine.reverse().join('L')}Z"/></clipPath>`)
    body.push(`<path d="${farRidge}" fill="${toHex(mix(WHITE, sky.horizon, 0.25))}" clip-path="url(#snow)"/>`)
  }
  const nearValues = generateRidgeNoise(random, 5, 0.5)
  body.push(`<path d="${buildRidgePath(horizon, nearValues, horizon, amplitude * 0.45)}" fill="${toHex(mix(darken(slate, 0.1), sky.horizon, 0.32))}"/>`)
}
