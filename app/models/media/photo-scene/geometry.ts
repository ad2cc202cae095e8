import type { SeededRandom } from './random'

export type Point = readonly [x: number, y: number]

/**
 * Midpoint displacement: 2^levels + 1 values normalised to 0..1, for ridge
 * lines. Roughness below 1 smooths the finer levels.
 */
export function generateRidgeNoise(random: SeededRandom, levels: number, roughness: number): number[] {
  const size = 2 ** levels
  const values = new Array<number>(size + 1).fill(0)
  values[0] = random.next()
  values[size] = random.next()
  let step = size
  let scale = 1
  while (step > 1) {
    const half = step / 2
    for (let index = half; index < size; index += step) {
      values[index] = (values[index - half]! + values[index + half]!) / 2 + (random.next() * 2 - 1) * scale
    }
    scale *= roughness
    step = half
  }
  const min = Math.min(...values)
  const max = Math.max(...values)
  return values.map((value) => (value - min) / (max - min || 1))
}

/**
 * Sutherland–Hodgman clip of a polygon against a convex, clockwise (screen
 * coordinates) polygon. Clipping geometrically instead of with <clipPath>
 * matters: librsvg renders every clip path as a full-canvas mask.
 */
export function clipPolygon(subject: Point[], clip: Point[]): Point[] {
  let output = subject
  for (let edge = 0; edge < clip.length && output.length; edge++) {
    const edgeStart = clip[edge]!
    const edgeEnd = clip[(edge + 1) % clip.length]!
    const edgeX = edgeEnd[0] - edgeStart[0]
    const edgeY = edgeEnd[1] - edgeStart[1]
    const isInside = (point: Point) => edgeX * (point[1] - edgeStart[1]) - edgeY * (point[0] - edgeStart[0]) >= 0
    const crossing = (from: Point, to: Point): Point => {
      const directionX = to[0] - from[0]
      const directionY = to[1] - from[1]
      const denominator = directionX * edgeY - directionY * edgeX
      const along = denominator === 0 ? 0 : ((edgeStart[0] - from[0]) * edgeY - (edgeStart[1] - from[1]) * edgeX) / denominator
      return [from[0] + along * directionX, from[1] + along * directionY]
    }
    const input = output
    output = []
    for (let index = 0; index < input.length; index++) {
      const current = input[index]!
      const previous = input[(index + input.length - 1) % input.length]!
      if (isInside(current)) {
        if (!isInside(previous)) output.push(crossing(previous, current))
        output.push(current)
      } else if (isInside(previous)) {
        output.push(crossing(previous, current))
      }
    }
  }
  return output
}
