import type { Point } from './geometry'
import { round } from './svg'

/** "a b" with the space dropped before a minus sign, as SVG path syntax allows. */
function formatPair(first: number, second: number): string {
  return `${first}${second < 0 ? '' : ' '}${second}`
}

/**
 * Emits compact path data: absolute moves, then relative segments between
 * rounded points (so rounding never accumulates). Long tree lines and crop
 * rows are most of an SVG's bytes, and relative numbers are short.
 */
export class PathBuilder {
  private data = ''
  private x = 0
  private y = 0

  move(x: number, y: number): this {
    this.x = round(x)
    this.y = round(y)
    this.data += `M${formatPair(this.x, this.y)}`
    return this
  }

  line(x: number, y: number): this {
    const [deltaX, deltaY] = this.stepTo(x, y)
    this.data += `l${formatPair(deltaX, deltaY)}`
    return this
  }

  /** Clockwise circular arc of the given radius to (x, y): the rounded bump of a tree crown. */
  arc(radius: number, x: number, y: number): this {
    const [deltaX, deltaY] = this.stepTo(x, y)
    this.data += `a${round(radius)} ${round(radius)} 0 0 1 ${formatPair(deltaX, deltaY)}`
    return this
  }

  close(): string {
    return `${this.data}z`
  }

  private stepTo(x: number, y: number): [number, number] {
    const roundedX = round(x)
    const roundedY = round(y)
    const delta: [number, number] = [roundedX - this.x, roundedY - this.y]
    this.x = roundedX
    this.y = roundedY
    return delta
  }
}

/** Compact path data for a closed polygon; empty when clipping left fewer than three corners. */
export function buildPolygonPath(points: Point[]): string {
  if (points.length < 3) return ''
  const path = new PathBuilder().move(points[0]![0], points[0]![1])
  for (let index = 1; index < points.length; index++) path.line(points[index]![0], points[index]![1])
  return path.close()
}
