import { hsl, type Rgb } from './colour'
import type { Season } from './landscape'
import type { SeededRandom } from './random'

export type FieldKind = 'plain' | 'rows' | 'plowed' | 'stubble'

export interface Field {
  colour: Rgb
  kind: FieldKind
}

function pickGreenCrop(random: SeededRandom): Rgb {
  return hsl(random.range(78, 112), random.range(0.32, 0.5), random.range(0.34, 0.46))
}

function pickSoil(random: SeededRandom): Rgb {
  return hsl(random.range(22, 32), random.range(0.25, 0.38), random.range(0.3, 0.4))
}

function pickRipeGrain(random: SeededRandom): Rgb {
  return hsl(random.range(38, 48), random.range(0.5, 0.66), random.range(0.55, 0.66))
}

/** What grows on one field at this time of year, and how its surface is textured. */
export function pickField(season: Season, random: SeededRandom): Field {
  const roll = random.next()
  switch (season) {
    case 'spring':
      if (roll < 0.5) {
        return { colour: hsl(random.range(80, 105), random.range(0.4, 0.55), random.range(0.42, 0.52)), kind: random.pick(['plain', 'rows']) }
      }
      if (roll < 0.7) return { colour: hsl(random.range(50, 56), 0.78, 0.55), kind: 'plain' }
      return { colour: pickSoil(random), kind: 'plowed' }
    case 'summer':
      if (roll < 0.65) return { colour: pickGreenCrop(random), kind: random.pick(['plain', 'plain', 'rows']) }
      if (roll < 0.9) return { colour: pickRipeGrain(random), kind: random.pick(['plain', 'rows']) }
      return { colour: pickSoil(random), kind: 'plowed' }
    case 'harvest':
      if (roll < 0.55) return { colour: pickRipeGrain(random), kind: random.pick(['plain', 'rows', 'stubble']) }
      if (roll < 0.8) return { colour: hsl(random.range(60, 85), random.range(0.3, 0.42), random.range(0.4, 0.5)), kind: 'plain' }
      return { colour: pickSoil(random), kind: 'plowed' }
    case 'autumn':
      if (roll < 0.4) {
        return { colour: hsl(random.range(30, 42), random.range(0.3, 0.45), random.range(0.4, 0.52)), kind: random.pick(['plain', 'stubble']) }
      }
      if (roll < 0.7) return { colour: hsl(random.range(60, 90), random.range(0.2, 0.32), random.range(0.36, 0.46)), kind: 'plain' }
      return { colour: pickSoil(random), kind: 'plowed' }
    case 'winter':
      return { colour: hsl(random.range(200, 215), random.range(0.1, 0.25), random.range(0.88, 0.94)), kind: random.pick(['plain', 'plain', 'stubble']) }
  }
}

/** Shade and light foliage colours of broadleaf trees; in autumn some trees stay green. */
export function pickTreeColours(season: Season, random: SeededRandom): [shade: Rgb, light: Rgb] {
  switch (season) {
    case 'spring':
      return [hsl(random.range(85, 105), 0.38, 0.3), hsl(random.range(80, 100), 0.42, 0.4)]
    case 'autumn': {
      const pickWarmLeaves = (): Rgb => hsl(random.range(8, 46), random.range(0.55, 0.75), random.range(0.38, 0.5))
      return [random.chance(0.3) ? hsl(100, 0.25, 0.24) : pickWarmLeaves(), pickWarmLeaves()]
    }
    case 'winter':
      return [hsl(random.range(15, 30), 0.12, 0.32), hsl(random.range(15, 30), 0.1, 0.42)]
    default:
      return [hsl(random.range(95, 125), random.range(0.3, 0.4), random.range(0.18, 0.24)), hsl(random.range(85, 110), 0.35, 0.3)]
  }
}

/** Evergreens keep their colour in every season. */
export function pickConiferColours(random: SeededRandom): [shade: Rgb, light: Rgb] {
  return [hsl(random.range(140, 160), 0.3, 0.15), hsl(random.range(120, 140), 0.25, 0.24)]
}

/** Bare grassland: hillsides and the banks of water. */
export function getGrassColour(season: Season): Rgb {
  if (season === 'winter') return hsl(210, 0.12, 0.86)
  if (season === 'autumn') return hsl(35, 0.3, 0.38)
  if (season === 'harvest') return hsl(55, 0.32, 0.42)
  return hsl(95, 0.3, 0.36)
}
