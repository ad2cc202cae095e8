import { toHex, type Rgb } from './colour'
import type { Point } from './geometry'

/** Integer coordinates keep the SVG short; sub-pixel precision is invisible after resizing. */
export function round(value: number): number {
  return Math.round(value)
}

/** One decimal, for small shapes where rounding to integers would be visible. */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10
}

export function buildSvgDocument(width: number, height: number, defs: string[], body: string[]): string {
  const defsPart = defs.length ? `<defs>${defs.join('')}</defs>` : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defsPart}${body.join('')}</svg>`
}

function buildGradientStop(offset: number, colour: Rgb, opacityAttribute: string): string {
  return `<stop offset="${roundToTenth(offset * 100)}%" stop-color="${toHex(colour)}"${opacityAttribute}/>`
}

/** A top-to-bottom gradient; a stop without an opacity is opaque. */
export function buildLinearGradient(id: string, stops: Array<[offset: number, colour: Rgb, opacity?: number]>): string {
  const stopTags = stops
    .map(([offset, colour, opacity]) => buildGradientStop(offset, colour, opacity === undefined ? '' : ` stop-opacity="${roundToTenth(opacity * 10) / 10}"`))
    .join('')
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stopTags}</linearGradient>`
}

export function buildRadialGradient(id: string, stops: Array<[offset: number, colour: Rgb, opacity: number]>, attributes = ''): string {
  const stopTags = stops.map(([offset, colour, opacity]) => buildGradientStop(offset, colour, ` stop-opacity="${roundToTenth(opacity * 100) / 100}"`)).join('')
  return `<radialGradient id="${id}"${attributes ? ' ' + attributes : ''}>${stopTags}</radialGradient>`
}

export function buildRectangle(x: number, y: number, width: number, height: number, fill: string): string {
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="${fill}"/>`
}

/** The soft dark ellipse under something standing on the ground. */
export function buildGroundShadow(centreX: number, centreY: number, radiusX: number, radiusY: number): string {
  return `<ellipse cx="${round(centreX)}" cy="${round(centreY)}" rx="${round(radiusX)}" ry="${round(radiusY)}" fill="#000" fill-opacity="0.2"/>`
}

/**
 * Path data for a closed polygon through rounded absolute points. Unlike the
 * relative `buildPolygonPath`, this is for the few small shapes first drawn
 * this way (roofs, the hexagon emblem): switching would change their bytes.
 */
export function buildAbsolutePolygonPath(points: Point[]): string {
  return `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}Z`
}
