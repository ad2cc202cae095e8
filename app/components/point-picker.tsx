import { useEffect, useRef, useState } from 'react'
import { secondaryButtonStyle } from './account-page'
import { retryImport } from '~/browser/retry-import'

/**
 * The script enhancement of a pair of latitude and longitude fields (the sellers' listing form,
 * AcreWorth's valuation form): a button opens a map, and a click on it fills the two fields.
 * maplibre loads only when the map is opened; without scripts the fields are all there is.
 */
export interface MapCenter {
  latitude: number
  longitude: number
  zoom: number
}

/** With scripts, a button opens a map; a click on it fills the latitude and longitude fields. */
export function PointPicker({
  latitudeId,
  longitudeId,
  center,
  afterPick,
}: {
  latitudeId: string
  longitudeId: string
  center: MapCenter
  /** What to do next once a point is set: 'Save to keep it.' */
  afterPick: string
}) {
  const [isHydrated, setHydrated] = useState(false)
  const [isOpen, setOpen] = useState(false)
  const [status, setStatus] = useState('')
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    if (!isOpen || !container.current) return
    const latitude = document.getElementById(latitudeId) as HTMLInputElement | null
    const longitude = document.getElementById(longitudeId) as HTMLInputElement | null
    const given = latitude && longitude && latitude.value && longitude.value ? { latitude: Number(latitude.value), longitude: Number(longitude.value) } : undefined
    let unmount: (() => void) | undefined
    let isCancelled = false
    retryImport(() => import('./point-picker.client'))
      .then(({ mountPointPicker }) => {
        if (isCancelled || !container.current) return
        unmount = mountPointPicker(container.current, {
          center: given ?? center,
          zoom: given ? 13 : center.zoom,
          point: given,
          onPick(point) {
            if (latitude) latitude.value = String(point.latitude)
            if (longitude) longitude.value = String(point.longitude)
            setStatus(`Point set to ${point.latitude}, ${point.longitude}. ${afterPick}`)
          },
        })
      })
      .catch(() => setStatus('The map could not be loaded: enter the latitude and longitude instead.'))
    return () => {
      isCancelled = true
      unmount?.()
    }
  }, [isOpen, latitudeId, longitudeId, center, afterPick])
  if (!isHydrated) return null
  return (
    <div className="mt-2">
      <button type="button" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)} className={secondaryButtonStyle}>
        {isOpen ? 'Close the map' : 'Choose the point on a map'}
      </button>
      {isOpen ? (
        <div ref={container} className="mt-3 h-80 w-full rounded-md border border-ink/20" aria-label="Map: click where the land is" role="application" />
      ) : null}
      <p role="status" className="mt-2 text-sm">
        {status}
      </p>
    </div>
  )
}
