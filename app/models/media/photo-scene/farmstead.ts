import { darken, hsl, toHex, type Rgb } from './colour'
import { PHOTO_WIDTH } from './dimensions'
import type { Point } from './geometry'
import { getYAtDepth, type Ground } from './ground'
import { fadeWithDistance, type Landscape, type StandingObject } from './landscape'
import type { SeededRandom } from './random'
import { buildAbsolutePolygonPath, buildGroundShadow, buildRectangle, round, roundToTenth } from './svg'

/**
 * A building measured in units of its size from its bottom-left corner on the
 * ground: `up` counts upwards, as builders measure, not down the screen.
 */
class BuildingPlan {
  constructor(
    private readonly left: number,
    private readonly groundY: number,
    readonly size: number,
  ) {}

  point(across: number, up: number): Point {
    return [this.left + across * this.size, this.groundY - up * this.size]
  }

  /** A box whose top-left corner is `across` units right of the plan's corner and `top` units above the ground. */
  box(across: number, top: number, width: number, height: number, fill: string): string {
    const [x, y] = this.point(across, top)
    return buildRectangle(x, y, width * this.size, height * this.size, fill)
  }
}

/** A barn (often with a silo) or a cabin, in about one photo in three. */
export function addFarmstead(landscape: Landscape, ground: Ground, objects: StandingObject[]): void {
  const { random } = landscape
  if (!random.chance(0.35)) return
  const depth = random.range(0.12, 0.4)
  const groundY = getYAtDepth(ground, depth)
  const plan = new BuildingPlan(random.range(0.08, 0.8) * PHOTO_WIDTH, groundY, 30 + 320 * depth)
  const [shadowX, shadowY] = plan.point(0.55, 0)
  let svg = buildGroundShadow(shadowX, shadowY, 0.8 * plan.size, 0.07 * plan.size)
  const fade = (colour: Rgb) => fadeWithDistance(landscape, colour, depth)
  svg += random.chance(0.6) ? drawBarn(random, plan, fade) : drawCabin(landscape, plan, fade)
  objects.push({ y: groundY, svg })
}

function drawBarn(random: SeededRandom, plan: BuildingPlan, fade: (colour: Rgb) => Rgb): string {
  const wall = fade(random.chance(0.7) ? hsl(random.range(2, 10), 0.55, 0.38) : hsl(30, 0.1, 0.5))
  const roof = fade(hsl(20, 0.08, 0.25))
  let svg = ''
  if (random.chance(0.6)) {
    const silo = fade(hsl(205, 0.08, 0.66))
    const [domeX, domeY] = plan.point(1.35, 1.15)
    svg += plan.box(1.2, 1.15, 0.3, 1.15, toHex(silo))
    svg += `<ellipse cx="${round(domeX)}" cy="${round(domeY)}" rx="${round(0.15 * plan.size)}" ry="${round(0.1 * plan.size)}" fill="${toHex(darken(silo, 0.15))}"/>`
  }
  svg += plan.box(0, 0.55, 1.1, 0.55, toHex(wall))
  const roofOutline = [plan.point(-0.05, 0.53), plan.point(0.12, 0.82), plan.point(0.55, 0.98), plan.point(0.98, 0.82), plan.point(1.15, 0.53)]
  svg += `<path d="${buildAbsolutePolygonPath(roofOutline)}" fill="${toHex(roof)}"/>`
  return svg + drawBarnDoor(plan, toHex(fade(hsl(40, 0.2, 0.9))))
}

/** A white-framed door with the cross brace barns have. */
function drawBarnDoor(plan: BuildingPlan, trim: string): string {
  const [left, top] = plan.point(0.35, 0.38)
  const width = 0.4 * plan.size
  const height = 0.38 * plan.size
  return `<path d="M${round(left)} ${round(top)}h${round(width)}v${round(height)}h${round(-width)}ZM${round(left)} ${round(top)}l${round(width)} ${round(height)}M${round(left + width)} ${round(top)}l${round(-width)} ${round(height)}" fill="none" stroke="${trim}" stroke-width="${roundToTenth(Math.max(1, plan.size * 0.025))}"/>`
}

/** The windows glow at dusk, when someone is home. */
function drawCabin({ random, light }: Landscape, plan: BuildingPlan, fade: (colour: Rgb) => Rgb): string {
  const wall = fade(hsl(random.range(20, 30), 0.35, 0.32))
  const roof = fade(hsl(random.range(0, 30), 0.1, 0.2))
  const roofOutline = [plan.point(-0.1, 0.4), plan.point(0.12, 0.72), plan.point(0.95, 0.72), plan.point(1.15, 0.4)]
  const window = light === 'dusk' ? '#ffd27a' : toHex(fade(hsl(210, 0.2, 0.25)))
  return (
    plan.box(0.75, 0.85, 0.12, 0.4, toHex(fade(hsl(20, 0.05, 0.45)))) +
    plan.box(0, 0.42, 1.05, 0.42, toHex(wall)) +
    `<path d="${buildAbsolutePolygonPath(roofOutline)}" fill="${toHex(roof)}"/>` +
    plan.box(0.2, 0.3, 0.16, 0.14, window) +
    plan.box(0.62, 0.3, 0.16, 0.14, window)
  )
}
