import { Form } from 'react-router'
import { useEffect, useRef, useState } from 'react'
import type { MapBounds } from '~/models/search/search-criteria'
import type { SearchMapData } from '~/models/search/search-map'
import type { Corner, InteractiveSearchMap } from './search-map.client'
import { retryImport } from '~/browser/retry-import'
import { fromScreen } from '~/sites/screens'
import { formatAreaCorners } from '~/models/search/area-corners'
import { useLowData } from '~/hooks/use-low-data'

const edges = ['south', 'west', 'north', 'east'] as const
const mapButton = 'rounded-full px-4 py-2 text-sm font-semibold shadow-lg disabled:cursor-not-allowed disabled:opacity-60'
const primaryButton = `${mapButton} bg-brand text-brand-contrast hover:bg-brand/90`
const secondaryButton = `${mapButton} border border-brand bg-white text-brand hover:bg-brand/10`

/** The search's own hidden fields that a map form carries along: the map view and the keywords. */
function MapFormFields({ keywords }: { keywords?: string }) {
  return (
    <>
      <input type="hidden" name="view" value="map" />
      {keywords ? <input type="hidden" name="keywords" value={keywords} /> : null}
    </>
  )
}

/**
 * The map view's map (spec §2). Server-rendered it is an SVG map: the basemap image under the
 * page's listings as numbered links, and links to zoom in. From the list/map breakpoint up,
 * scripts load maplibre (a chunk of its own, only here) over it; 'Search this area' then submits
 * the map's edges as a GET form, so the new area is a URL (and Back returns to the last one).
 * 'Draw an area' then turns clicks on the map into the corners of an area (spec §3 polygon), whose
 * 'Search this area' submits them the same way; Cancel or Escape stops. A search of a drawn area
 * shows it on both maps. Without WebGL, or if the chunk fails to load, the SVG map stays. With Low
 * data on, maplibre and its tiles load only when the visitor presses 'Load the interactive map'.
 */
export function SearchMapView({ map, formAction, keywords }: { map: SearchMapData; formAction: string; keywords?: string }) {
  const container = useRef<HTMLDivElement>(null)
  const interactive = useRef<InteractiveSearchMap>(undefined)
  const [isInteractive, setIsInteractive] = useState(false)
  const [area, setArea] = useState<MapBounds | null>(null)
  // The corners drawn so far; null when not drawing.
  const [corners, setCorners] = useState<Corner[] | null>(null)
  const drawButton = useRef<HTMLButtonElement>(null)
  const drawingForm = useRef<HTMLFormElement>(null)
  // Where the focus goes when drawing stops: back to 'Draw an area' after Cancel, nowhere after a search.
  const isCancelled = useRef(false)
  // The search shown now, for the map to start from when maplibre arrives (another may have come in while its chunk loaded).
  const latestMap = useRef(map)
  const isLowData = useLowData()
  // With Low data on: whether scripts run (the button below needs them), and whether the visitor asked for the interactive map.
  const [hasScripts, setHasScripts] = useState(false)
  const [isInteractiveAsked, setIsInteractiveAsked] = useState(!isLowData)
  useEffect(() => setHasScripts(true), [])

  useEffect(() => {
    const element = container.current
    if (!element || !isInteractiveAsked || !window.matchMedia(fromScreen('list-map')).matches) return
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
  }, [isInteractiveAsked])

  useEffect(() => {
    latestMap.current = map
    interactive.current?.show(map)
    setArea(null)
    setCorners(null)
  }, [map])

  const isDrawing = corners !== null
  const startDrawing = () => {
    setCorners([])
    interactive.current?.startDrawing((drawn) => setCorners(drawn))
  }
  const stopDrawing = () => {
    interactive.current?.stopDrawing()
    isCancelled.current = true
    setCorners(null)
  }
  useEffect(() => {
    if (isDrawing) drawingForm.current?.querySelector('button')?.focus()
    else if (isCancelled.current) drawButton.current?.focus()
    isCancelled.current = false
  }, [isDrawing])
  useEffect(() => {
    if (!isDrawing) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stopDrawing()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  return (
    <div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg border border-ink/15 bg-[#d7e3ea]">
        <div hidden={isInteractive}>
          <img src={map.basemapHref} alt="" width={map.width} height={map.height} className="absolute inset-0 h-full w-full" />
          <svg viewBox={`0 0 ${map.width} ${map.height}`} role="group" aria-label="Map of the results on this page" className="absolute inset-0 h-full w-full">
            {map.area ? <path d={map.area.path} aria-hidden="true" className="fill-[#1d4ed8]/15 stroke-[#1d4ed8] stroke-[3]" /> : null}
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
        {area && !isDrawing ? (
          <Form method="get" action={formAction} className="absolute left-1/2 top-3 -translate-x-1/2">
            <input type="hidden" name="area" value="1" />
            {edges.map((edge) => (
              <input key={edge} type="hidden" name={edge} value={area[edge]} />
            ))}
            <MapFormFields keywords={keywords} />
            <button type="submit" className={primaryButton}>
              Search this area
            </button>
          </Form>
        ) : null}
        {isDrawing ? (
          <>
            {/* Where 'Add the centre as a corner' puts one. */}
            <span aria-hidden="true" className="pointer-events-none absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-2xl font-bold text-[#1d4ed8]">
              +
            </span>
            <Form
              ref={drawingForm}
              method="get"
              action={formAction}
              aria-label="Draw an area"
              className="absolute inset-x-3 bottom-8 flex flex-wrap justify-center gap-2"
            >
              <input type="hidden" name="corners" value={formatAreaCorners(corners)} />
              <MapFormFields keywords={keywords} />
              <p aria-live="polite" className="w-full text-center text-sm font-medium">
                <span className="rounded bg-white/90 px-2 py-1">
                  {corners.length < 3
                    ? `Click the map to add corners (${corners.length} of at least 3).`
                    : `${corners.length} corners. Add more, or search this area.`}
                </span>
              </p>
              <button type="button" className={secondaryButton} onClick={() => interactive.current?.addCentreCorner()}>
                Add the centre as a corner
              </button>
              <button type="submit" className={primaryButton} disabled={corners.length < 3}>
                Search this area
              </button>
              <button type="button" className={secondaryButton} onClick={stopDrawing}>
                Cancel
              </button>
            </Form>
          </>
        ) : null}
        {hasScripts && !isInteractiveAsked ? (
          <button type="button" className={`absolute bottom-8 left-3 ${secondaryButton}`} onClick={() => setIsInteractiveAsked(true)}>
            Load the interactive map
          </button>
        ) : null}
        {isInteractive && !isDrawing ? (
          <button ref={drawButton} type="button" className={`absolute bottom-8 left-3 ${secondaryButton}`} onClick={startDrawing}>
            Draw an area
          </button>
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
