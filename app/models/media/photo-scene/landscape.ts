import { darken, hsl, mix, type Rgb } from './colour'
import type { SeededRandom } from './random'

export type Season = 'spring' | 'summer' | 'harvest' | 'autumn' | 'winter'
export type Terrain = 'plains' | 'rolling' | 'mountain' | 'forest'
export type Light = 'day' | 'dusk' | 'overcast'

export interface SkyColours {
  top: Rgb
  /** Only a dusk sky has a third, pink band between the top and the horizon. */
  middle?: Rgb
  horizon: Rgb
}

/** One listing photo being drawn: its traits, its random sequence and the SVG parts so far. */
export interface Landscape {
  random: SeededRandom
  season: Season
  terrain: Terrain
  light: Light
  /** The y of the horizon line, in pixels from the top. */
  horizon: number
  sky: SkyColours
  defs: string[]
  body: string[]
}

/**
 * Something standing on the ground (pond, tree line, building, bales, fence).
 * These are drawn after all the fields, far to near by the line `y` they stand on.
 */
export interface StandingObject {
  y: number
  svg: string
}

/** How the light of the hour tints everything on the ground. */
export function tintForLight(light: Light, colour: Rgb): Rgb {
  if (light === 'dusk') return mix(mix(colour, hsl(270, 0.3, 0.18), 0.32), hsl(28, 0.9, 0.55), 0.1)
  if (light === 'overcast') {
    const grey = (colour[0] + colour[1] + colour[2]) / 3
    return darken(mix(colour, [grey, grey, grey], 0.3), 0.06)
  }
  return colour
}

/** Atmospheric perspective: depth 0 at the horizon, 1 at the bottom edge. */
export function fadeWithDistance(landscape: Landscape, colour: Rgb, depth: number): Rgb {
  return mix(tintForLight(landscape.light, colour), landscape.sky.horizon, 0.45 * (1 - Math.min(1, depth)) ** 3)
}
