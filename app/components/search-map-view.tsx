import { Form } from 'react-router'
import { useEffect, useRef, useState } from 'react'
import type { MapBounds } from '~/models/search/search-criteria'
import type { SearchMapData } from '~/models/search/search-map'
import type { InteractiveSearchMap } from './search-map.client'
import { retryImport } from '~/utils/retry-import'
import { fromScreen } from '~/sites/screens'

const edges = ['south', 'west', 'north', 'east'] as const

/**
 * The map view's map (spec §2). Server-rendered it is an SVG map: the basemap image under the
 * page's listings as numbered links, and links to zoom in. From the list/map breakpoint up,
 * scripts load maplibre (a chunk of its own, only here) over it; 'Search this area' then submits
 * the map's edges as a GET form, so the new area is a URL (and Back returns to the last one).
 * Without WebGL, or if the chunk fails to load, the SVG map stays.
 */
export function SearchMapView({ map, formAction, keywords }: { map: SearchMapData; formAction: string; keywords?: string }) {
  const container = useRef<HTMLDivElement>(null)
  const interactive = useRef<InteractiveSearchMap>(undefined)
  const [isInteractive, setIsInteractive] = useState(false)
  const [area, setArea] = useState<MapBounds | null>(null)
  // The search shown now, for the map to start from when maplibre arrives (another may have come in while its chunk loaded).
  const latestMap = useRef(map)

  useEffect(() => {
    const element = container.current
    if (!element || !window.matchMedia(fromScreen('list-map')).matches) return
    let isUnmounted = false
    retryImport(() => import('./search-map.client'))
      .then(({ mountSearchMap }) => mountSearchMap(element, { ...latestMap.current, onMove: setArea }))
      .then((mounted) => {
        if (isUnmounted) return mounted.remove()
        interactive.current = mounted
        setIsInteractive(true)
      })
      .catch(() => {
        // No WebGL or no network for the chunk: the server's map already shows the results.
      })
    return () => {
      isUnmounted = true
      interactive.current?.remove()
    }
    // The map mounts once, with the search shown when maplibre arrives; later ones reach it through show() below.
  }, [])

  useEffect(() => {
    latestMap.current = map
    interactive.current?.show(map)
    setArea(null)
  }, [map])

  return (
    <div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg border border-ink/15 bg-[#d7e3ea]">
        <div hidden={isInteractive}>
          <img src={map.basemapHref} alt="" width={map.width} height={map.height} className="absolute inset-0 h-full w-full" />
          <svg viewBox={`0 0 ${map.width} ${map.height}`} role="group" aria-label="Map of the results on this page" className="absolute inset-0 h-full w-full">
            {map.points.map((point) => (
              <a key={point.number} href={point.href} aria-label={point.label} className="group outline-none">
                <title>{point.label}</title>
                <circle
                  cx={point.x}
                  cy={point.y}
                  r={11}
                  className="fill-accent stroke-white stroke-2 group-hover:fill-brand group-focus-visible:fill-brand group-focus-visible:stroke-ink group-focus-visible:stroke-[4]"
                />
                <text x={point.x} y={point.y} dy="0.35em" textAnchor="middle" className="pointer-events-none fill-white text-[11px] font-bold">
                  {point.number}
                </text>
              </a>
            ))}
          </svg>
        </div>
        {/* maplibre's stylesheet makes its container position: relative: the box that places it is a wrapper. */}
        <div className={`absolute inset-0 ${isInteractive ? '' : 'invisible'}`}>
          <div ref={container} className="h-full w-full" />
        </div>
        {area ? (
          <Form method="get" action={formAction} className="absolute left-1/2 top-3 -translate-x-1/2">
            <input type="hidden" name="area" value="1" />
            {edges.map((edge) => (
              <input key={edge} type="hidden" name={edge} value={area[edge]} />
            ))}
            <input type="hidden" name="view" value="map" />
            {keywords ? <input type="hidden" name="keywords" value={keywords} /> : null}
            <button type="submit" className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-brand-contrast shadow-lg hover:bg-brand/90">
              Search this area
            </button>
          </Form>
        ) : null}
      </div>
      {isInteractive ? null : (
        <nav aria-label="Zoom the map" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {map.zoomLinks.map((link) => (
            <a key={link.href} href={link.href} className="font-medium text-brand underline">
              {link.label}
            </a>
          ))}
        </nav>
      )}
    </div>
  )
}
