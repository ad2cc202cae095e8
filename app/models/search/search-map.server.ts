import type { FeatureCollection, Point } from 'geojson'
import type { Kysely } from 'kysely'
import { readConfig } from '~/config.server'
import { listingPath } from '~/models/listings/listing-path'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { formatAcres, formatPrice } from '~/utils/format'
import type { Database } from '~/models/db/db-schema'
import type { ResolvedLocation } from '~/models/places/gazetteer.server'
import { resolveSearchPath } from './search-request.server'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { type MapBounds, type SearchCriteria, normalizeCriteria } from './search-criteria'
import type { SearchMapData } from './search-map'
import { findMapPoints } from './search.server'
import {
  type Frame,
  type Projection,
  type Ring,
  contiguousLongitude,
  frameOf,
  loadAtlas,
  overlaps,
  pathOf,
  projection,
  visibleFrame,
} from '~/models/places/us-atlas.server'

/**
 * The search page's map view (spec §2 "List/Map toggle", architecture "Map"): the server-drawn
 * SVG map, and the search's matches as GeoJSON for maplibre. The outlines are map-shapes.server.ts.
 */

const mapCanvas = { width: 800, height: 600, padding: 0.04 }
const lower48: Frame = { west: -124.8, south: 24.4, east: -66.9, north: 49.4 }

/**
 * A national map draws the lower 48, with Alaska and Hawaii in boxes at its lower left, each on
 * its own scale, as most maps of the country do: their listings get a point like any other. The
 * boxes sit over the Pacific and Mexico, which the lower 48's drawing leaves empty.
 */
const nationalInsets: { frame: Frame; box: { x: number; y: number; width: number; height: number } }[] = [
  { frame: { west: -179.2, south: 51.2, east: -129.9, north: 71.5 }, box: { x: 8, y: 430, width: 200, height: 162 } },
  { frame: { west: -160.3, south: 18.9, east: -154.8, north: 22.3 }, box: { x: 216, y: 500, width: 100, height: 92 } },
]
/** A frame on a handful of results still shows a few miles around them. */
const minimumSpan = 0.4
/** Up to this width in degrees of longitude, the drawn maps show county lines. */
const countyDetailSpan = 16
/** The interactive map's points: every match of most searches; the first in the default order beyond. */
const mapPointsCap = 2000

function spread(frame: Frame): Frame {
  const grow = (low: number, high: number) => Math.max(0, (minimumSpan - (high - low)) / 2)
  const [x, y] = [grow(frame.west, frame.east), grow(frame.south, frame.north)]
  return { west: frame.west - x, east: frame.east + x, south: frame.south - y, north: frame.north + y }
}

/** A drawn area's box is its corners': a tenth more each way shows its outline clear of the map's edges. */
function withMargin(frame: Frame): Frame {
  const [x, y] = [(frame.east - frame.west) / 10, (frame.north - frame.south) / 10]
  return { west: frame.west - x, east: frame.east + x, south: frame.south - y, north: frame.north + y }
}

function unionOf(frames: Frame[]): Frame {
  return frameOf(
    frames.map((frame) => [
      [frame.west, frame.south],
      [frame.east, frame.north],
    ]),
  )
}

/**
 * What the map is framed on: a drawn area with a margin, or the map bounds; else the search's counties, or its whole state;
 * the lower 48 for a national search; else (cities, regions, lakes, zips, brokers, a point) its results.
 */
function searchFrame(criteria: SearchCriteria, location: ResolvedLocation, listings: readonly Pick<ListingSummary, 'latitude' | 'longitude'>[]): Frame {
  if (criteria.mapPolygon) return withMargin(criteria.mapBounds!)
  if (criteria.mapBounds) return criteria.mapBounds
  const { countyFrames, stateFrames } = loadAtlas()
  const hasPoint = criteria.latitude !== undefined
  const isOnlyCounties = location.regions.length === 0 && location.cities.length === 0 && location.lakes.length === 0 && !location.zip && !hasPoint
  const countyFramesOfSearch = location.counties.flatMap((county) => countyFrames.get(county.id) ?? [])
  if (isOnlyCounties && countyFramesOfSearch.length > 0) return unionOf(countyFramesOfSearch)
  const stateFrame = location.state && stateFrames.get(location.state.id)
  if (stateFrame && isOnlyCounties && location.counties.length === 0) return stateFrame
  if (!location.state && criteria.brokerId === undefined && !hasPoint) return lower48
  if (listings.length > 0) return spread(frameOf([listings.map((listing) => [listing.longitude, listing.latitude])]))
  return stateFrame ?? lower48
}

const frameToken = (frame: Frame) => [frame.south, frame.west, frame.north, frame.east].map((value) => Math.round(value * 1000) / 1000).join('_')
const isNational = (frame: Frame) => frameToken(frame) === frameToken(lower48)

/** Where an inset draws a position (the Aleutians' eastern longitudes join the rest of Alaska). */
function insetProjection({ frame, box }: (typeof nationalInsets)[number]): Projection {
  const project = projection(frame, { width: box.width, height: box.height, padding: 0.04 })
  const round = (value: number) => Math.round(value * 10) / 10
  return ([longitude = 0, latitude = 0]) => {
    const [x, y] = project([contiguousLongitude(longitude), latitude])
    return [round(box.x + x), round(box.y + y)]
  }
}

/** Where a national map draws a listing outside the lower 48: in the inset whose frame holds it. */
function insetPosition(longitude: number, latitude: number): [number, number] | undefined {
  const inset = nationalInsets.find(({ frame }) =>
    overlaps(frame, { west: contiguousLongitude(longitude), east: contiguousLongitude(longitude), south: latitude, north: latitude }),
  )
  return inset && insetProjection(inset)([longitude, latitude])
}

/** Reads the basemap URL's frame ('29.5_-99.1_31.2_-97.3'); undefined for anything but a sensible box. */
export function parseFrameToken(token: string): Frame | undefined {
  const values = token.split('_').map(Number)
  if (values.length !== 4 || !values.every(Number.isFinite)) return undefined
  const [south, west, north, east] = values as [number, number, number, number]
  const isSensible = -90 <= south && south < north && north <= 90 && -200 <= west && west < east && east <= 180
  return isSensible ? { south, west, north, east } : undefined
}

function zoomLinks(site: SiteProfile, criteria: SearchCriteria, frame: Frame) {
  const middle = { longitude: (frame.west + frame.east) / 2, latitude: (frame.south + frame.north) / 2 }
  const quarters: [string, MapBounds][] = [
    ['north-west', { west: frame.west, east: middle.longitude, south: middle.latitude, north: frame.north }],
    ['north-east', { west: middle.longitude, east: frame.east, south: middle.latitude, north: frame.north }],
    ['south-west', { west: frame.west, east: middle.longitude, south: frame.south, north: middle.latitude }],
    ['south-east', { west: middle.longitude, east: frame.east, south: frame.south, north: middle.latitude }],
  ]
  // Zooming shows another box, which replaces a drawn area.
  const mapHref = (mapBounds: MapBounds | undefined) => buildSearchPath(site, { ...criteria, mapBounds, mapPolygon: undefined, page: 1 }, { view: 'map' })
  const links = quarters.map(([corner, bounds]) => ({ label: `Zoom in: ${corner}`, href: mapHref(bounds) }))
  if (criteria.mapBounds) links.push({ label: 'Zoom out to the whole search', href: mapHref(undefined) })
  return links
}

function drawnArea({ mapPolygon }: SearchCriteria, project: Projection): SearchMapData['area'] {
  if (!mapPolygon) return null
  const corners = mapPolygon.map(([latitude, longitude]): [number, number] => [longitude, latitude])
  return { corners, path: pathOf([corners], project, { tolerance: 0.5 }) }
}

/** The map view of a results page: its frame, basemap, the page's listings as numbered points, and where the rest lives. */
export function searchMapData(
  site: SiteProfile,
  criteria: SearchCriteria,
  location: ResolvedLocation,
  listings: readonly (ListingSummary & { href: string })[],
): SearchMapData {
  const frame = searchFrame(criteria, location, listings)
  const project = projection(frame, mapCanvas)
  const isOnCanvas = ([x, y]: [number, number]) => x >= 0 && y >= 0 && x <= mapCanvas.width && y <= mapCanvas.height
  const points = listings.flatMap((listing, index) => {
    let position: [number, number] | undefined = project([listing.longitude, listing.latitude])
    if (!isOnCanvas(position) && isNational(frame)) position = insetPosition(listing.longitude, listing.latitude)
    if (!position || !isOnCanvas(position)) return []
    const [x, y] = position
    const label = `${index + 1}. ${listing.title}, ${formatPrice(listing.price)}, ${formatAcres(listing.acres)}`
    return [{ number: index + 1, x, y, longitude: listing.longitude, latitude: listing.latitude, href: listing.href, label }]
  })
  const allPages = normalizeCriteria({ ...criteria, page: 1, sortOrder: 'default' })
  return {
    width: mapCanvas.width,
    height: mapCanvas.height,
    basemapHref: `/search-map/${frameToken(frame)}.svg`,
    frame,
    points,
    pointsHref: `/map-points${buildSearchPath(site, allPages)}`,
    shapesHref: '/map-shapes/',
    styleUrl: readConfig().mapStyleUrl ?? null,
    zoomLinks: zoomLinks(site, criteria, frame),
    area: drawnArea(criteria, project),
  }
}

/** The SVG basemap of a frame: states, and their counties once the map shows a region rather than the country. */
export function searchBasemapSvg(frame: Frame): string {
  const { states, stateFrames, counties, countyFrames } = loadAtlas()
  const project = projection(frame, mapCanvas)
  const visible = visibleFrame(frame, mapCanvas)
  const inView = (frames: Map<number, Frame>, shapes: Map<number, Ring[]>) =>
    [...frames].filter(([, shapeFrame]) => overlaps(shapeFrame, visible)).map(([id]) => pathOf(shapes.get(id) ?? [], project, { tolerance: 0.7 }))
  const statePaths = inView(stateFrames, states).join('')
  const countyPaths = visible.east - visible.west <= countyDetailSpan ? inView(countyFrames, counties).join('') : ''
  const { width, height } = mapCanvas
  const insets = isNational(frame)
    ? nationalInsets.map((inset) => {
        const stateIds = [...stateFrames].filter(([, stateFrame]) => overlaps(stateFrame, inset.frame)).map(([id]) => id)
        const paths = stateIds.map((id) => pathOf(states.get(id) ?? [], insetProjection(inset), { tolerance: 0.7 })).join('')
        const { x, y, width: boxWidth, height: boxHeight } = inset.box
        return `<rect x="${x}" y="${y}" width="${boxWidth}" height="${boxHeight}" fill="#d7e3ea" stroke="#5b6b4e"/><path d="${paths}" fill="#f3f1e7" stroke="#5b6b4e" stroke-width="1.5"/>`
      })
    : []
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    '<title>Map of the search area</title>',
    `<rect width="${width}" height="${height}" fill="#d7e3ea"/>`,
    `<path d="${statePaths}" fill="#f3f1e7"/>`,
    countyPaths ? `<path d="${countyPaths}" fill="none" stroke="#a8b39a" stroke-width="0.8"/>` : '',
    `<path d="${statePaths}" fill="none" stroke="#5b6b4e" stroke-width="1.5"/>`,
    ...insets,
    '</svg>',
  ].join('')
}

/**
 * The matches of a search path (the same path as the results page, without the view) as GeoJSON
 * points: what maplibre clusters. Undefined when the site has no map search or the path is no search.
 */
export async function searchMapPointsGeoJson(db: Kysely<Database>, site: SiteProfile, path: string) {
  const search = site.features.mapSearch ? await resolveSearchPath(db, site, path) : undefined
  if (!search) return undefined
  const points = await findMapPoints(db, { criteria: search.criteria, location: search.location, scopeBits: site.listingScopeBits }, mapPointsCap)
  const round = (value: number) => Math.round(value * 100_000) / 100_000
  const collection: FeatureCollection<Point> = {
    type: 'FeatureCollection',
    features: points.map((point) => ({
      type: 'Feature',
      id: point.id,
      geometry: { type: 'Point', coordinates: [round(point.longitude), round(point.latitude)] },
      properties: { title: point.title, price: formatPrice(point.price), acres: formatAcres(point.acres), href: listingPath(site, point) },
    })),
  }
  return collection
}
