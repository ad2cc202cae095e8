import type { MapBounds } from './search-criteria'

/** One listing of the results page as a numbered point on the server-drawn map. */
export interface SearchMapPoint {
  /** The listing's place in the page's list, from 1: the point and its card show the same number. */
  number: number
  x: number
  y: number
  /** Where the interactive map puts the same numbered link. */
  longitude: number
  latitude: number
  href: string
  /** The link's accessible name: number, title, price and acres. */
  label: string
}

/**
 * The map view of a results page (spec §2 "List/Map toggle"): complete without scripts as an SVG
 * map drawn on the server; with scripts, maplibre draws the same frame from the GeoJSON routes.
 */
export interface SearchMapData {
  width: number
  height: number
  /** The states and counties around the frame, drawn on the server (routes/search-map-basemap.ts). */
  basemapHref: string
  /** The box the map is framed on: the map bounds, the search's places, its results or the lower 48. */
  frame: MapBounds
  points: SearchMapPoint[]
  /** Every match of the search (up to a cap) as GeoJSON, for the interactive map (routes/search-map-points.ts). */
  pointsHref: string
  /** Where the GeoJSON state and county outlines are (routes/map-shapes.ts), for the default basemap. */
  shapesHref: string
  /** A production map style (MAP_STYLE_URL) that replaces the default basemap; null: ours. */
  styleUrl: string | null
  /**
   * The drawn area the search is within (spec §3 polygon), null for none: its corners as
   * [longitude, latitude] for maplibre, and its outline in the server's map's coordinates.
   */
  area: { corners: [number, number][]; path: string } | null
  /** Without scripts, zooming is following a link: the frame's quarters, and back out to the whole search. */
  zoomLinks: { label: string; href: string }[]
}

/** A state of the state map filter (spec §1): its outline, linked to the state's search. */
export interface StateMapState {
  name: string
  /** Null while the state has no listings: its search is noindex, so the map draws it without a link (decision 0062). */
  href: string | null
  /** The state's outline in the shared shapes file (975 × 610, Albers USA), for `<use href>`. */
  shapeHref: string
  /** Where a small state (DC) gets a marker big enough to click; null for the others. */
  marker: { x: number; y: number } | null
}
