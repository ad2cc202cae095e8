import { BLACK, hsl, toHex } from './colour'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import { tintForLight, type Landscape } from './landscape'
import { buildLinearGradient, round } from './svg'

/** Grass blades along the bottom edge, in front of everything; none in winter. */
export function drawForegroundGrass({ random, season, light, body }: Landscape): void {
  if (season === 'winter' || !random.chance(0.5)) return
  const grass = tintForLight(light, season === 'harvest' || season === 'autumn' ? hsl(40, 0.4, 0.38) : hsl(95, 0.38, 0.26))
  let pathData = ''
  for (let x = -10; x < PHOTO_WIDTH + 10; x += random.range(6, 26)) {
    const height = random.range(14, 70)
    pathData += `M${round(x)} ${PHOTO_HEIGHT + 2}l${round(random.range(-8, 8))} ${round(-height)}l${round(random.range(4, 9))} ${round(height)}`
  }
  body.push(`<path d="${pathData}Z" fill="${toHex(grass)}" fill-opacity="0.85"/>`)
}

/**
 * Haze on the horizon and a darker foreground, like a real lens. A radial
 * vignette looked nicer but doubled rasterising time; a linear shade is cheap.
 */
export function drawLensEffects({ horizon, sky, defs, body }: Landscape): void {
  defs.push(
    buildLinearGradient('haze', [
      [0, sky.horizon, 0],
      [0.55, sky.horizon, 0.32],
      [1, sky.horizon, 0],
    ]),
  )
  body.push(`<rect y="${round(horizon - PHOTO_HEIGHT * 0.1)}" width="${PHOTO_WIDTH}" height="${round(PHOTO_HEIGHT * 0.16)}" fill="url(#haze)"/>`)
  defs.push(
    buildLinearGradient('shade', [
      [0, BLACK, 0],
      [1, BLACK, 0.22],
    ]),
  )
  body.push(`<rect y="${round(PHOTO_HEIGHT * 0.72)}" width="${PHOTO_WIDTH}" height="${round(PHOTO_HEIGHT * 0.28) + 1}" fill="url(#shade)"/>`)
}
