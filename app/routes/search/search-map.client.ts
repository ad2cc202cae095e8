import type { Feature, FeatureCollection } from 'geojson'
import maplibregl, { type GeoJSONSource, type MapGeoJSONFeature } from 'maplibre-gl'
// Vite loads a dynamic chunk's stylesheet before the chunk resolves: the map is styled when it mounts.
import 'maplibre-gl/dist/maplibre-gl.css'
import { colours, defaultStyle, followCounties, mapLocale } from '~/components/basemap.client'
import { roundCoordinate } from '~/models/search/grammar-tokens'
import type { MapBounds } from '~/models/search/search-criteria'
import type { SearchMapData } from '~/models/search/search-map'

/**
 * The interactive map of the search page's map view (architecture "Map": maplibre-gl, loaded only
 * when a map is shown). This module and maplibre are one chunk that only the map view imports.
 */

/** A corner of an area being drawn: [longitude, latitude], as maplibre and GeoJSON write positions. */
export type Corner = [number, number]

export interface InteractiveSearchMap {
  /**
   * Shows another search or page: its points, the page's numbered links, its drawn area, and its
   * frame unless it is the area the map already shows.
   */
  show(map: Pick<SearchMapData, 'frame' | 'pointsHref' | 'points' | 'area'>): void
  /** Starts drawing an area (spec §3 polygon): each click on the map adds a corner, and `onCorners` hears them all. */
  startDrawing(onCorners: (corners: Corner[]) => void): void
  /** Adds the map's centre as a corner: drawing by keyboard, moving the map with the arrow keys. */
  addCentreCorner(): void
  /** Stops drawing; the map shows the search's own area again. */
  stopDrawing(): void
  remove(): void
}

type MountOptions = Pick<SearchMapData, 'frame' | 'pointsHref' | 'points' | 'shapesHref' | 'styleUrl' | 'area'> & {
  /** Called when the buyer moves the map, with the edges it now shows. */
  onMove(bounds: MapBounds): void
}

function addListingLayers(map: maplibregl.Map, pointsHref: string) {
  map.addSource('listings', { type: 'geojson', data: pointsHref, cluster: true, clusterRadius: 40, clusterMaxZoom: 12 })
  map.addLayer({
    id: 'clusters',
    type: 'circle',
    source: 'listings',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': colours.cluster,
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 100, 22],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  })
  // Text on the map needs glyphs: a production style has them; our own basemap (no font server) labels with DOM.
  if (map.getStyle().glyphs) {
    map.addLayer({
      id: 'cluster-counts',
      type: 'symbol',
      source: 'listings',
      filter: ['has', 'point_count'],
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 12 },
      paint: { 'text-color': '#ffffff' },
    })
  } else {
    labelClusters(map)
  }
  map.addLayer({
    id: 'listing-points',
    type: 'circle',
    source: 'listings',
    filter: ['!', ['has', 'point_count']],
    paint: { 'circle-color': colours.point, 'circle-radius': 7, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  })
}

/** Each cluster's count as a small label over its circle, redrawn once the map or its points settle. */
function labelClusters(map: maplibregl.Map) {
  let labels: maplibregl.Marker[] = []
  const redraw = () => {
    for (const label of labels) label.remove()
    const clusters = new Map<number, ReturnType<typeof map.querySourceFeatures>[number]>()
    for (const feature of map.querySourceFeatures('listings', { filter: ['has', 'point_count'] })) clusters.set(Number(feature.properties.cluster_id), feature)
    labels = [...clusters.values()].flatMap((cluster) => {
      if (cluster.geometry.type !== 'Point') return []
      const label = element('span', {
        className: 'pointer-events-none text-xs font-bold text-white',
        textContent: String(cluster.properties.point_count_abbreviated),
      })
      label.setAttribute('aria-hidden', 'true')
      return [new maplibregl.Marker({ element: label }).setLngLat(cluster.geometry.coordinates as [number, number]).addTo(map)]
    })
  }
  map.on('moveend', redraw)
  map.on('sourcedata', (event) => {
    if (event.sourceId === 'listings' && map.isSourceLoaded('listings')) redraw()
  })
}

function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, properties: Partial<HTMLElementTagNameMap[Tag]>, ...children: Node[]) {
  const node = Object.assign(document.createElement(tag), properties)
  node.append(...children)
  return node
}

/** A point's popup: price and acres, the title as a link; maplibre moves the focus to the link. */
function popupContent(feature: MapGeoJSONFeature) {
  const { price, acres, title, href } = feature.properties as { price: string; acres: string; title: string; href: string }
  return element(
    'div',
    { className: 'text-sm text-ink' },
    element('p', { className: 'font-bold', textContent: `${price} · ${acres}` }),
    element('a', { href, className: 'font-semibold text-brand underline', textContent: title }),
  )
}

function addListingInteractions(map: maplibregl.Map, isDrawing: () => boolean) {
  map.on('click', 'clusters', (event) => {
    const cluster = event.features?.[0]
    if (isDrawing()) return
    if (!cluster || cluster.geometry.type !== 'Point') return
    const center = cluster.geometry.coordinates as [number, number]
    map
      .getSource<GeoJSONSource>('listings')
      ?.getClusterExpansionZoom(Number(cluster.properties.cluster_id))
      .then((zoom) => map.easeTo({ center, zoom }))
      .catch(() => map.easeTo({ center, zoom: map.getZoom() + 2 }))
  })
  map.on('click', 'listing-points', (event) => {
    const point = event.features?.[0]
    if (isDrawing()) return
    if (!point || point.geometry.type !== 'Point') return
    new maplibregl.Popup({ closeButton: true, maxWidth: '16rem' })
      .setLngLat(point.geometry.coordinates as [number, number])
      .setDOMContent(popupContent(point))
      .addTo(map)
  })
  for (const layer of ['clusters', 'listing-points']) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = isDrawing() ? 'crosshair' : 'pointer'))
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = isDrawing() ? 'crosshair' : ''))
  }
}

/**
 * The page's results as numbered links over the map, as on the server's map: the numbers match
 * the list beside it, and the links are in the tab order, in number order, so the results on the
 * map can be reached and opened by keyboard (the canvas's own points cannot).
 */
function showPageLinks(map: maplibregl.Map, points: SearchMapData['points']) {
  return points.map((point) => {
    const link = element('a', { href: point.href, textContent: String(point.number), title: point.label, className: 'map-number' })
    link.setAttribute('aria-label', point.label)
    // maplibre calls a marker a button unless it has a role; this one is a link.
    link.setAttribute('role', 'link')
    return new maplibregl.Marker({ element: link }).setLngLat([point.longitude, point.latitude]).addTo(map)
  })
}

/** An area as GeoJSON: its outline and fill from three corners, a line for two, and each corner as a dot. */
function areaFeatures(corners: readonly Corner[]): FeatureCollection {
  const features: Feature[] = corners.map((corner) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: corner } }))
  if (corners.length >= 3) features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...corners, corners[0]!]] } })
  else if (corners.length === 2) features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [...corners] } })
  return { type: 'FeatureCollection', features }
}

/** The search's drawn area, or the one being drawn, over the basemap and under the listings. */
function addAreaLayers(map: maplibregl.Map, corners: readonly Corner[]) {
  map.addSource('area', { type: 'geojson', data: areaFeatures(corners) })
  const beforeListings = 'clusters'
  map.addLayer(
    { id: 'area-fill', type: 'fill', source: 'area', filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': colours.area, 'fill-opacity': 0.15 } },
    beforeListings,
  )
  map.addLayer(
    { id: 'area-line', type: 'line', source: 'area', filter: ['!=', ['geometry-type'], 'Point'], paint: { 'line-color': colours.area, 'line-width': 2.5 } },
    beforeListings,
  )
  map.addLayer(
    {
      id: 'area-corners',
      type: 'circle',
      source: 'area',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-color': '#ffffff', 'circle-radius': 4, 'circle-stroke-color': colours.area, 'circle-stroke-width': 2 },
    },
    beforeListings,
  )
}

/** What the map shows, inside the grammar's longitude range (the map does not repeat the world). */
function shownBounds(map: maplibregl.Map): MapBounds {
  const bounds = map.getBounds()
  return {
    south: roundCoordinate(Math.max(-90, bounds.getSouth())),
    west: roundCoordinate(Math.max(-180, bounds.getWest())),
    north: roundCoordinate(Math.min(90, bounds.getNorth())),
    east: roundCoordinate(Math.min(180, bounds.getEast())),
  }
}

const isSameArea = (a: MapBounds | undefined, b: MapBounds) =>
  a !== undefined && (['south', 'west', 'north', 'east'] as const).every((edge) => Math.abs(a[edge] - b[edge]) < 1e-3)

/** Creates the map in `container`; resolves once it has drawn, rejects (and leaves nothing behind) when it cannot. */
export async function mountSearchMap(container: HTMLElement, options: MountOptions): Promise<InteractiveSearchMap> {
  const fitOptions = { padding: 0, animate: false }
  const toLngLat = (frame: MapBounds): [[number, number], [number, number]] => [
    [frame.west, frame.south],
    [frame.east, frame.north],
  ]
  let map: maplibregl.Map
  try {
    map = new maplibregl.Map({
      container,
      style: options.styleUrl ?? defaultStyle(options.shapesHref),
      bounds: toLngLat(options.frame),
      fitBoundsOptions: fitOptions,
      renderWorldCopies: false,
      attributionControl: { compact: true },
      locale: mapLocale,
    })
  } catch (error) {
    // Without WebGL the map cannot draw: leave no half-built map behind; the caller keeps the server's.
    container.replaceChildren()
    throw error
  }
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }))
  await new Promise<void>((resolve, reject) => {
    map.once('load', () => resolve())
    map.once('error', (event) => {
      if (map.loaded()) return
      map.remove()
      reject(event.error)
    })
  })
  addListingLayers(map, options.pointsHref)
  let searchArea: readonly Corner[] = options.area?.corners ?? []
  addAreaLayers(map, searchArea)
  let drawing: { corners: Corner[]; onCorners: (corners: Corner[]) => void } | undefined
  const showArea = (corners: readonly Corner[]) => map.getSource<GeoJSONSource>('area')?.setData(areaFeatures(corners))
  const addCorner = ({ lng, lat }: maplibregl.LngLat) => {
    if (!drawing) return
    drawing.corners = [...drawing.corners, [roundCoordinate(lng), roundCoordinate(lat)]]
    showArea(drawing.corners)
    drawing.onCorners(drawing.corners)
  }
  map.on('click', (event) => addCorner(event.lngLat))
  addListingInteractions(map, () => drawing !== undefined)
  let pageLinks = showPageLinks(map, options.points)
  if (!options.styleUrl) followCounties(map, options.shapesHref)

  let movedArea: MapBounds | undefined
  let isFitting = false
  map.on('moveend', () => {
    if (isFitting) return
    movedArea = shownBounds(map)
    options.onMove(movedArea)
  })
  // Later errors (a tile, a points request) leave the map as it is; maplibre would log each one.
  map.on('error', () => {})
  const stopDrawing = () => {
    drawing = undefined
    showArea(searchArea)
    map.doubleClickZoom.enable()
    map.getCanvas().style.cursor = ''
    delete container.dataset.drawing
  }
  return {
    show({ frame, pointsHref, points, area }) {
      // Another search (a page, the search just drawn) ends any drawing.
      searchArea = area?.corners ?? []
      stopDrawing()
      map.getSource<GeoJSONSource>('listings')?.setData(pointsHref)
      for (const link of pageLinks) link.remove()
      pageLinks = showPageLinks(map, points)
      if (isSameArea(movedArea, frame)) return
      isFitting = true
      map.fitBounds(toLngLat(frame), fitOptions)
      isFitting = false
    },
    startDrawing(onCorners) {
      drawing = { corners: [], onCorners }
      showArea([])
      // A double click adds two corners rather than zooming in; the + and - buttons still zoom.
      map.doubleClickZoom.disable()
      map.getCanvas().style.cursor = 'crosshair'
      container.dataset.drawing = ''
    },
    addCentreCorner: () => addCorner(map.getCenter()),
    stopDrawing,
    remove: () => map.remove(),
  }
}
