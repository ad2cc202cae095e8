import { hsl, WHITE, type Rgb } from './colour'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import type { Landscape, Light, Season, SkyColours } from './landscape'
import type { SeededRandom } from './random'
import { buildLinearGradient, buildRadialGradient, round } from './svg'

/** Winter scenes are more often overcast than the rest of the year. */
export function pickLight(season: Season, random: SeededRandom): Light {
  return season === 'winter' ? random.pick<Light>(['day', 'day', 'overcast', 'dusk']) : random.pick<Light>(['day', 'day', 'day', 'dusk', 'overcast'])
}

export function pickSkyColours(season: Season, light: Light, random: SeededRandom): SkyColours {
  if (light === 'day') {
    const saturation = season === 'winter' ? 0.35 : random.range(0.5, 0.68)
    const top = hsl(random.range(204, 218), saturation, random.range(0.42, 0.52))
    const horizon = hsl(random.range(198, 210), saturation * 0.8, random.range(0.8, 0.88))
    return { top, horizon }
  }
  if (light === 'dusk') {
    const top = hsl(random.range(222, 245), 0.38, random.range(0.28, 0.36))
    const middle = hsl(random.range(345, 375), random.range(0.45, 0.6), random.range(0.58, 0.66))
    const horizon = hsl(random.range(30, 42), 0.88, random.range(0.66, 0.74))
    return { top, middle, horizon }
  }
  const top = hsl(random.range(200, 220), random.range(0.06, 0.14), random.range(0.52, 0.6))
  const horizon = hsl(random.range(200, 220), random.range(0.06, 0.12), random.range(0.78, 0.84))
  return { top, horizon }
}

/** The sky runs a little below the horizon so the hills never show a gap under them. */
export function drawSky({ sky, horizon, defs, body }: Landscape): void {
  const stops: Array<[number, Rgb]> = sky.middle
    ? [
        [0, sky.top],
        [0.55, sky.middle],
        [1, sky.horizon],
      ]
    : [
        [0, sky.top],
        [1, sky.horizon],
      ]
  defs.push(buildLinearGradient('sky', stops))
  body.push(`<rect width="${PHOTO_WIDTH}" height="${horizon + 40}" fill="url(#sky)"/>`)
}

interface SunLook {
  glow: Array<[number, Rgb, number]>
  glowRadius: number
  discRadius: number
  discColour: string
}

const MIDDAY_SUN: SunLook = {
  glow: [
    [0, hsl(50, 1, 0.95), 0.85],
    [0.2, hsl(50, 1, 0.9), 0.35],
    [1, WHITE, 0],
  ],
  glowRadius: 260,
  discRadius: 30,
  discColour: '#fffbe8',
}

const SETTING_SUN: SunLook = {
  glow: [
    [0, hsl(40, 1, 0.8), 0.9],
    [0.25, hsl(30, 1, 0.65), 0.45],
    [1, hsl(20, 1, 0.6), 0],
  ],
  glowRadius: 400,
  discRadius: 58,
  discColour: '#ffe2b0',
}

function drawSunDisc({ defs, body }: Landscape, x: number, y: number, look: SunLook): void {
  defs.push(buildRadialGradient('glow', look.glow))
  body.push(`<circle cx="${x}" cy="${y}" r="${look.glowRadius}" fill="url(#glow)"/><circle cx="${x}" cy="${y}" r="${look.discRadius}" fill="${look.discColour}"/>`)
}

/** A day sun is not always in frame; a dusk sun always is, low over the horizon. */
export function drawSun(landscape: Landscape): void {
  const { random, light, horizon } = landscape
  if (light === 'day' && random.chance(0.6)) {
    const x = round(random.range(0.1, 0.9) * PHOTO_WIDTH)
    const y = round(random.range(0.08, 0.5) * horizon)
    drawSunDisc(landscape, x, y, MIDDAY_SUN)
  } else if (light === 'dusk') {
    const x = round(random.range(0.15, 0.85) * PHOTO_WIDTH)
    const y = round(horizon - random.range(0.03, 0.16) * PHOTO_HEIGHT)
    drawSunDisc(landscape, x, y, SETTING_SUN)
  }
}
