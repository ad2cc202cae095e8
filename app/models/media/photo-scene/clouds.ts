import { hsl, toHex, WHITE } from './colour'
import { PHOTO_WIDTH } from './dimensions'
import type { Landscape } from './landscape'
import { buildRadialGradient, round, roundToTenth } from './svg'

/** Soft-edged stratus bands: one light and one dark gradient shared by all ellipses. */
function drawStratus({ random, horizon, defs, body }: Landscape): void {
  defs.push(
    buildRadialGradient('cl', [
      [0, hsl(210, 0.06, 0.88), 0.7],
      [1, hsl(210, 0.06, 0.88), 0],
    ]),
  )
  defs.push(
    buildRadialGradient('cd', [
      [0, hsl(215, 0.08, 0.5), 0.45],
      [1, hsl(215, 0.08, 0.5), 0],
    ]),
  )
  const bandCount = random.integer(4, 7)
  for (let band = 0; band < bandCount; band++) {
    const centreY = round(random.range(0.05, 0.85) * horizon)
    body.push(
      `<ellipse cx="${round(random.range(0, PHOTO_WIDTH))}" cy="${centreY}" rx="${round(random.range(500, 1100))}" ry="${round(random.range(30, 90))}" fill="url(#${random.chance(0.6) ? 'cl' : 'cd'})"/>`,
    )
  }
}

/** Fair-weather clouds: a row of puffs over a flat base, shaded underneath; dusk always has a few. */
function drawCumulus({ random, light, horizon, body }: Landscape): void {
  const cloudCount = random.integer(light === 'dusk' ? 2 : 0, 5)
  const litColour = light === 'dusk' ? hsl(random.range(10, 30), 0.8, 0.8) : WHITE
  const shadowColour = light === 'dusk' ? hsl(random.range(300, 340), 0.25, 0.55) : hsl(212, 0.2, 0.84)
  for (let cloud = 0; cloud < cloudCount; cloud++) {
    const centreX = random.range(-0.05, 1.05) * PHOTO_WIDTH
    const centreY = random.range(0.08, 0.7) * horizon
    const width = random.range(140, 420)
    const puffs: Array<[x: number, y: number, radius: number]> = []
    const puffCount = random.integer(4, 7)
    for (let puff = 0; puff < puffCount; puff++) {
      const offset = puff / (puffCount - 1) - 0.5
      const radius = width * random.range(0.1, 0.17) * (1 - Math.abs(offset))
      puffs.push([centreX + offset * width, centreY - radius * random.range(0.2, 0.6), radius + 6])
    }
    const puffCircles = (shiftY: number) => puffs.map(([x, y, radius]) => `<circle cx="${round(x)}" cy="${round(y + shiftY)}" r="${round(radius)}"/>`).join('')
    const base = `<ellipse cx="${round(centreX)}" cy="${round(centreY)}" rx="${round(width * 0.55)}" ry="${round(width * 0.07 + 6)}"/>`
    body.push(`<g fill="${toHex(shadowColour)}">${base}${puffCircles(width * 0.03)}</g>`, `<g fill="${toHex(litColour)}">${puffCircles(-width * 0.02)}</g>`)
  }
}

export function drawClouds(landscape: Landscape): void {
  if (landscape.light === 'overcast') drawStratus(landscape)
  else drawCumulus(landscape)
}

/** A small flock, now and then, never under an overcast sky. */
export function drawBirds({ random, light, horizon, body }: Landscape): void {
  if (light === 'overcast' || !random.chance(0.25)) return
  let pathData = ''
  const flockX = random.range(0.1, 0.8) * PHOTO_WIDTH
  const flockY = random.range(0.15, 0.6) * horizon
  for (let bird = random.integer(2, 5); bird > 0; bird--) {
    const wing = random.range(5, 10)
    pathData += `M${round(flockX + random.range(0, 180))} ${round(flockY + random.range(0, 70))}q${roundToTenth(wing)} ${roundToTenth(-wing)} ${roundToTenth(2 * wing)} 0q${roundToTenth(wing)} ${roundToTenth(-wing)} ${roundToTenth(2 * wing)} 0`
  }
  body.push(`<path d="${pathData}" fill="none" stroke="#333" stroke-width="2" stroke-opacity="0.6"/>`)
}
