import polyline from '@mapbox/polyline'
import { roundCoordinate } from './grammar-tokens'

/**
 * A drawn area (spec §3 "map corners with an optional encoded polygon", mapEncodedCords; location
 * type polygon): the corners a buyer clicked on the map, as [latitude, longitude] pairs. In a
 * search URL it is Google's encoded polyline (@mapbox/polyline) at the grammar's four decimals,
 * its 6-bit characters repacked as lowercase base32 (decision 0025): the path is read lowercased,
 * and the polyline's own characters include `?`, `\`, `` ` ``, `@` and capitals.
 */
export type AreaVertex = [latitude: number, longitude: number]

/** Spec-sized: a hand-drawn area has a handful of corners; more is no drawing, and a URL too long. */
export const maxAreaVertices = 200
const precision = 4
const base32 = 'abcdefghijklmnopqrstuvwxyz234567'
/** The longest token the most distant 200 corners make (5 characters a coordinate, 6/5 repacked). */
export const maxAreaCodeLength = Math.ceil((maxAreaVertices * 2 * 5 * 6) / 5)

const isSameVertex = (a: AreaVertex, b: AreaVertex) => a[0] === b[0] && a[1] === b[1]
/** A rounded coordinate in whole ten-thousandths: the geometry below is then exact integer arithmetic. */
const units = (coordinate: number) => Math.round(coordinate * 10 ** precision)

/** Twice the signed area in the longitude/latitude plane: positive when the corners run counterclockwise. */
function signedArea(vertices: readonly AreaVertex[]) {
  let sum = 0
  for (const [index, [latitude, longitude]] of vertices.entries()) {
    const [nextLatitude, nextLongitude] = vertices[(index + 1) % vertices.length]!
    sum += units(longitude) * units(nextLatitude) - units(nextLongitude) * units(latitude)
  }
  return sum
}

function isOnOneLine(vertices: readonly AreaVertex[]) {
  const [[latitude0, longitude0], [latitude1, longitude1]] = vertices.map(([latitude, longitude]) => [units(latitude), units(longitude)]) as [
    [number, number],
    [number, number],
  ]
  return vertices.every(
    ([latitude, longitude]) => (longitude1 - longitude0) * (units(latitude) - latitude0) === (latitude1 - latitude0) * (units(longitude) - longitude0),
  )
}

/**
 * The normal form of a drawn area, or undefined when it is none: corners rounded to the grammar's
 * four decimals, repeats and the closing corner dropped, at least three corners not on one line
 * and at most `maxAreaVertices`. The same area always reads the same way: from its southernmost
 * (then westernmost) corner, counterclockwise.
 */
export function normalizeArea(input: readonly (readonly number[])[] | undefined): AreaVertex[] | undefined {
  if (!input || input.length > maxAreaVertices + 1) return undefined
  const vertices: AreaVertex[] = []
  for (const [latitude, longitude] of input) {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude!) > 90 || Math.abs(longitude!) > 180) return undefined
    const vertex: AreaVertex = [roundCoordinate(latitude!), roundCoordinate(longitude!)]
    if (vertices.length === 0 || !isSameVertex(vertices.at(-1)!, vertex)) vertices.push(vertex)
  }
  while (vertices.length > 1 && isSameVertex(vertices[0]!, vertices.at(-1)!)) vertices.pop()
  if (vertices.length < 3 || vertices.length > maxAreaVertices || isOnOneLine(vertices)) return undefined
  if (signedArea(vertices) < 0) vertices.reverse()
  const first = vertices.reduce((lowest, vertex, index) => {
    const best = vertices[lowest]!
    return vertex[0] < best[0] || (vertex[0] === best[0] && vertex[1] < best[1]) ? index : lowest
  }, 0)
  return [...vertices.slice(first), ...vertices.slice(0, first)]
}

/** The box around an area: the map bounds its search is framed on and prefiltered by. */
export function areaBounds(vertices: readonly AreaVertex[]) {
  const latitudes = vertices.map(([latitude]) => latitude)
  const longitudes = vertices.map(([, longitude]) => longitude)
  return { south: Math.min(...latitudes), west: Math.min(...longitudes), north: Math.max(...latitudes), east: Math.max(...longitudes) }
}

/** The URL spelling of a normalized area: its encoded polyline, repacked as base32. */
export function encodeArea(vertices: readonly AreaVertex[]): string {
  const encoded = polyline.encode(vertices as AreaVertex[], precision)
  let code = ''
  let bits = 0
  let bitCount = 0
  for (const character of encoded) {
    bits = (bits << 6) | (character.charCodeAt(0) - 63)
    bitCount += 6
    while (bitCount >= 5) {
      bitCount -= 5
      code += base32[(bits >> bitCount) & 31]
    }
    bits &= (1 << bitCount) - 1
  }
  return bitCount > 0 ? code + base32[(bits << (5 - bitCount)) & 31] : code
}

/** Reads an area's URL spelling; undefined when it is not base32, overlong, or no area. */
export function decodeArea(code: string): AreaVertex[] | undefined {
  if (code.length === 0 || code.length > maxAreaCodeLength) return undefined
  let encoded = ''
  let bits = 0
  let bitCount = 0
  for (const character of code) {
    const value = base32.indexOf(character)
    if (value < 0) return undefined
    bits = (bits << 5) | value
    bitCount += 5
    if (bitCount >= 6) {
      bitCount -= 6
      encoded += String.fromCharCode(((bits >> bitCount) & 63) + 63)
      bits &= (1 << bitCount) - 1
    }
  }
  // Left-over bits are padding: zeros, fewer than one base32 character's worth.
  if (bits !== 0) return undefined
  return normalizeArea(polyline.decode(encoded, precision))
}

/**
 * The corners the map's drawing form sends (area-corners.ts `formatAreaCorners`), 'latitude,longitude'
 * pairs separated by spaces ('30.1,-97.8 30.4,-97.6 30.2,-97.3'); undefined for anything else.
 */
export function parseAreaCorners(text: string): AreaVertex[] | undefined {
  const pairs = text.trim().split(/\s+/)
  if (pairs.length > maxAreaVertices + 1) return undefined
  const vertices = pairs.map((pair) => pair.split(',').map((value) => (/^-?\d{1,3}(?:\.\d+)?$/.test(value) ? Number(value) : Number.NaN)))
  return vertices.every((vertex) => vertex.length === 2) ? normalizeArea(vertices) : undefined
}
