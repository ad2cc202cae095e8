import { escapeXml } from '~/utils/escape-xml'
import type { ListingMapKind } from './listing-media'
import { contiguousLongitude, frameOf, loadAtlas, overlaps, pathOf, projection } from '~/models/places/us-atlas.server'

/**
 * Static listing maps (issue 6: "until the interactive map arrives, a static map image rendered
 * on the server from the county shape and the listing's point"), drawn as SVG from us-atlas:
 * the property map frames the listing's county, the local map its whole state with the county
 * highlighted. SVG keeps them a few KB, sharp at any size, and free of tiles or a map library.
 */

export const listingMapKinds: readonly ListingMapKind[] = ['property', 'local']

export interface ListingMapSubject {
  latitude: number
  longitude: number
  countyId: number
  stateId: number
  /** 'Travis County, TX': the map's accessible title. */
  placeName: string
}

const canvas = { width: 800, height: 533, padding: 0.08 }
const { width, height } = canvas

/** The SVG document of one map, or undefined when the atlas has no shape for the listing's county. */
export function listingMapSvg(subject: ListingMapSubject, kind: ListingMapKind): string | undefined {
  const { counties, countyFrames, states, countyIdsByState } = loadAtlas()
  const county = counties.get(subject.countyId)
  const state = states.get(subject.stateId)
  if (!county || !state) return undefined
  const point = { longitude: contiguousLongitude(subject.longitude), latitude: subject.latitude }
  const frame = frameOf(kind === 'property' ? county : state, point)
  const project = projection(frame, canvas)
  // The property map shows the neighbouring counties (across state lines too); the local map every county of the state.
  const contextIds =
    kind === 'property'
      ? [...countyFrames].filter(([, countyFrame]) => overlaps(countyFrame, frame)).map(([id]) => id)
      : (countyIdsByState.get(subject.stateId) ?? [])
  const context = contextIds.filter((id) => id !== subject.countyId).map((id) => counties.get(id) ?? [])
  const [x, y] = project([point.longitude, point.latitude])
  const title = kind === 'property' ? `Map of the property in ${subject.placeName}` : `${subject.placeName} within its state`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="title">`,
    `<title id="title">${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#dbe7d3"/>`,
    `<path d="${context.map((rings) => pathOf(rings, project)).join('')}" fill="#eef2e6" stroke="#8a9a7b" stroke-width="${kind === 'property' ? 1.5 : 0.6}"/>`,
    `<path d="${pathOf(state, project)}" fill="none" stroke="#4b5b3f" stroke-width="2"/>`,
    `<path d="${pathOf(county, project)}" fill="#fdf6d8" stroke="#166534" stroke-width="${kind === 'property' ? 3 : 2}"/>`,
    `<circle cx="${x}" cy="${y}" r="${kind === 'property' ? 11 : 8}" fill="#b45309" stroke="#fff" stroke-width="3"/>`,
    `<text x="16" y="${height - 16}" font-family="system-ui, sans-serif" font-size="20" fill="#1c1917">${escapeXml(subject.placeName)}</text>`,
    '</svg>',
  ].join('')
}
