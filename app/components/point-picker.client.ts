import maplibregl from 'maplibre-gl'
// Vite loads a dynamic chunk's stylesheet before the chunk resolves: the map is styled when it mounts.
import 'maplibre-gl/dist/maplibre-gl.css'
import { roundCoordinate } from '~/models/search/grammar-tokens'
import { colours, defaultStyle, followCounties, mapLocale } from './basemap.client'

/**
 * The point picker (the sellers' listing form, issue 15 §2; AcreWorth's valuation form, issue 16
 * §1): a map to click where the land is. It is the script enhancement of the latitude and
 * longitude fields, which it fills; maplibre loads only when the map is opened.
 */
export interface PointPickerOptions {
  center: { latitude: number; longitude: number }
  zoom: number
  point: { latitude: number; longitude: number } | undefined
  onPick(point: { latitude: number; longitude: number }): void
}

const shapesHref = '/map-shapes/'

export function mountPointPicker(container: HTMLElement, { center, zoom, point, onPick }: PointPickerOptions) {
  const map = new maplibregl.Map({
    container,
    style: defaultStyle(shapesHref),
    center: [center.longitude, center.latitude],
    zoom,
    attributionControl: { compact: true },
    locale: mapLocale,
  })
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }))
  map.on('load', () => followCounties(map, shapesHref))
  const marker = new maplibregl.Marker({ color: colours.point })
  if (point) marker.setLngLat([point.longitude, point.latitude]).addTo(map)
  map.on('click', (event) => {
    const picked = { latitude: roundCoordinate(event.lngLat.lat), longitude: roundCoordinate(event.lngLat.lng) }
    marker.setLngLat([picked.longitude, picked.latitude]).addTo(map)
    onPick(picked)
  })
  return () => map.remove()
}
