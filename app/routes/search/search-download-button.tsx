import { useEffect, useState } from 'react'
import { downloadLinkProps } from '~/models/analytics/page-analytics'

// Spec §6 "main land site at wide widths only": hidden below the list/map breakpoint (spec §9).
const buttonStyle =
  'hidden rounded-md border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand hover:text-brand-contrast list-map:inline-block disabled:cursor-not-allowed disabled:border-stone-400 disabled:bg-white disabled:text-stone-600'

/** The file name the server gave (`attachment; filename="…"`), else the search's. */
function fileNameOf(response: Response) {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'search.csv'
}

/** Saves a fetched file under its name, as the link's `download` would. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * A seller's Download of the search's results as CSV (spec §2, §4 "Download button disabled with
 * no results or while downloading (label 'Downloading...')"). Without scripts it is a plain link
 * to the file; with them a button that fetches the file and says so meanwhile. Anything but the
 * CSV (a session that has ended answers with the login page) is left to the browser at the link.
 */
export function SearchDownloadButton({ href, hasResults }: { href: string; hasResults: boolean }) {
  const [isHydrated, setHydrated] = useState(false)
  const [isDownloading, setDownloading] = useState(false)
  useEffect(() => setHydrated(true), [])

  if (!hasResults) {
    return (
      <button type="button" disabled className={buttonStyle}>
        Download<span className="sr-only"> (no results to download)</span>
      </button>
    )
  }
  if (!isHydrated) {
    return (
      <a href={href} download {...downloadLinkProps('search-results')} className={buttonStyle}>
        Download
      </a>
    )
  }
  async function download() {
    setDownloading(true)
    try {
      const response = await fetch(href)
      if (!response.ok || !response.headers.get('content-type')?.startsWith('text/csv')) throw new Error(`Download answered ${response.status}`)
      saveFile(await response.blob(), fileNameOf(response))
    } catch {
      window.location.assign(href)
    } finally {
      setDownloading(false)
    }
  }
  return (
    <button type="button" disabled={isDownloading} onClick={download} {...downloadLinkProps('search-results')} className={buttonStyle}>
      {isDownloading ? 'Downloading...' : 'Download'}
    </button>
  )
}
