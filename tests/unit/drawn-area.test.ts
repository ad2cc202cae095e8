import polyline from '@mapbox/polyline'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type AreaVertex, areaBounds, decodeArea, encodeArea, maxAreaVertices, normalizeArea, parseAreaCorners } from '~/models/search/drawn-area'
import { areaContains } from '~/models/search/drawn-area.server'
import { formatAreaCorners } from '~/models/search/area-corners'

const vertex = fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }))
const area = fc
  .array(vertex, { minLength: 3, maxLength: maxAreaVertices })
  .map((vertices) => normalizeArea(vertices))
  .filter((vertices): vertices is AreaVertex[] => vertices !== undefined)

const square: AreaVertex[] = [
  [30, -98],
  [30, -97],
  [31, -97],
  [31, -98],
]

describe('a drawn area in a URL', () => {
  test('encoding then decoding gives back the same normalized area', () => {
    fc.assert(
      fc.property(area, (vertices) => {
        const code = encodeArea(vertices)
        expect(code).toMatch(/^[a-z2-7]+$/)
        expect(decodeArea(code)).toEqual(vertices)
      }),
      { numRuns: 300 },
    )
  })

  test('the token is Google’s encoded polyline at four decimals, repacked as base32', () => {
    const code = encodeArea(square)
    const characters = [...code].map((character) => 'abcdefghijklmnopqrstuvwxyz234567'.indexOf(character).toString(2).padStart(5, '0')).join('')
    const encoded = (characters.match(/.{6}/g) ?? []).map((bits) => String.fromCharCode(parseInt(bits, 2) + 63)).join('')
    expect(polyline.decode(encoded, 4)).toEqual(square)
  })

  test('the most distant corners an area may have still make a token within the bound', () => {
    const zigzag = Array.from({ length: maxAreaVertices }, (_, index): [number, number] => [index % 2 ? 89.9 : -89.9, -179.9 + index * 1.7])
    const normal = normalizeArea(zigzag)!
    expect(normal).toHaveLength(maxAreaVertices)
    expect(decodeArea(encodeArea(normal))).toEqual(normal)
  })

  test.each([
    ['empty', ''],
    ['not base32', 'abc1'],
    ['capitals', encodeArea(square).toUpperCase()],
    ['cut short', encodeArea(square).slice(0, 5)],
    ['overlong', 'a'.repeat(2401)],
  ])('%s is no area', (_name, code) => {
    expect(decodeArea(code)).toBeUndefined()
  })
})

describe('the normal form of an area', () => {
  test('starts at the southernmost, then westernmost corner and runs counterclockwise', () => {
    const clockwiseFromNorthEast: AreaVertex[] = [
      [31, -97],
      [30, -97],
      [30, -98],
      [31, -98],
    ]
    expect(normalizeArea(clockwiseFromNorthEast)).toEqual(square)
  })

  test('rounds to four decimals and drops repeated and closing corners', () => {
    expect(
      normalizeArea([
        [30.000_01, -98],
        [30, -97],
        [30, -97],
        [31, -97],
        [31, -98],
        [30, -98],
      ]),
    ).toEqual(square)
  })

  test.each([
    ['two corners', square.slice(0, 2)],
    [
      'corners on one line',
      [
        [30, -98],
        [30.5, -97.5],
        [31, -97],
      ] as AreaVertex[],
    ],
    [
      'a corner off the globe',
      [
        [30, -98],
        [91, -97],
        [31, -97],
      ] as AreaVertex[],
    ],
    ['too many corners', Array.from({ length: maxAreaVertices + 1 }, (_, index): AreaVertex => [Math.sin(index) * 10, Math.cos(index) * 10])],
  ])('%s make no area', (_name, vertices) => {
    expect(normalizeArea(vertices)).toBeUndefined()
  })

  test('its box is the map bounds of its search', () => {
    expect(areaBounds(square)).toEqual({ south: 30, west: -98, north: 31, east: -97 })
  })

  test('the drawing form’s corners read as latitude,longitude pairs', () => {
    expect(parseAreaCorners(' 31,-97 30,-97  30,-98 31,-98 ')).toEqual(square)
    expect(parseAreaCorners('31,-97 30,-97')).toBeUndefined()
    expect(parseAreaCorners('31;-97 30,-97 30,-98')).toBeUndefined()
    expect(parseAreaCorners('1e2,-97 30,-97 30,-98')).toBeUndefined()
    // The map writes them from its [longitude, latitude] positions.
    expect(parseAreaCorners(formatAreaCorners(square.map(([latitude, longitude]) => [longitude, latitude])))).toEqual(square)
  })
})

describe('what is inside an area', () => {
  // A 'U' open to the north, its notch between longitudes -97.6 and -97.4 above latitude 30.4.
  const isInU = areaContains(
    normalizeArea([
      [30, -98],
      [30, -97],
      [31, -97],
      [31, -97.4],
      [30.4, -97.4],
      [30.4, -97.6],
      [31, -97.6],
      [31, -98],
    ])!,
  )

  test.each([
    ['an arm', 30.8, -97.8, true],
    ['the base', 30.2, -97.5, true],
    ['the notch', 30.8, -97.5, false],
    ['outside the box', 29.9, -97.5, false],
    ['an edge', 30, -97.5, true],
    ['a corner', 31, -98, true],
    ['the edge of the notch', 30.4, -97.5, true],
  ] as const)('a point in %s', (_name, latitude, longitude, isInside) => {
    expect(isInU(latitude, longitude)).toBe(isInside)
  })

  test('each loop of a figure eight is inside, the crossing’s sides are not', () => {
    const isInBowtie = areaContains([
      [30, -98],
      [31, -97],
      [30, -97],
      [31, -98],
    ])
    expect(isInBowtie(30.5, -97.9)).toBe(true)
    expect(isInBowtie(30.5, -97.1)).toBe(true)
    expect(isInBowtie(30.1, -97.5)).toBe(false)
  })
})
