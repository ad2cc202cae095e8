import type { ComparablesMap } from './comparables-map'
import { contiguousLongitude, loadAtlas, overlaps, pathOf, projection, visibleFrame } from '~/models/places/us-atlas.server'

interface Point {
  latitude: number
  longitude: number
}

const canvas = { width: 640, height: 400, padding: 0.1 }
/** At least this many degrees across, so a parcel among close sales still shows its surroundings. */
const smallestSpanDegrees = 0.25
/** Pixels a county outline may stray from the atlas's line: the map is drawn at a few hundred pixels. */
const outlineTolerance = 1.5

export function comparablesMap(parcel: Point & { countyId: number }, sales: readonly Point[]): ComparablesMap {
  const points = [parcel, ...sales].map((point) => ({ longitude: contiguousLongitude(point.longitude), latitude: point.latitude }))
  const middle = {
    longitude: (Math.min(...points.map((point) => point.longitude)) + Math.max(...points.map((point) => point.longitude))) / 2,
    latitude: (Math.min(...points.map((point) => point.latitude)) + Math.max(...points.map((point) => point.latitude))) / 2,
  }
  const halfSpan = (values: number[], center: number) => Math.max(smallestSpanDegrees / 2, ...values.map((value) => Math.abs(value - center)))
  const halfWidth = halfSpan(
    points.map((point) => point.longitude),
    middle.longitude,
  )
  const halfHeight = halfSpan(
    points.map((point) => point.latitude),
    middle.latitude,
  )
  const frame = { west: middle.longitude - halfWidth, east: middle.longitude + halfWidth, south: middle.latitude - halfHeight, north: middle.latitude + halfHeight }
  const project = projection(frame, canvas)
  const shown = visibleFrame(frame, canvas)
  const { counties, countyFrames } = loadAtlas()
  const inView = [...countyFrames].filter(([, countyFrame]) => overlaps(countyFrame, shown)).map(([id]) => counties.get(id) ?? [])
  const at = (point: Point) => {
    const [x, y] = project([contiguousLongitude(point.longitude), point.latitude])
    return { x, y }
  }
  return {
    width: canvas.width,
    height: canvas.height,
    countiesPath: inView.map((rings) => pathOf(rings, project, { tolerance: outlineTolerance })).join(''),
    parcelCountyPath: pathOf(counties.get(parcel.countyId) ?? [], project, { tolerance: outlineTolerance }),
    parcel: at(parcel),
    sales: sales.map((sale, index) => ({ number: index + 1, ...at(sale) })),
  }
}
