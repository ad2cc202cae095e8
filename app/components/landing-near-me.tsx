import { useNavigate } from 'react-router'
import { type MouseEvent, useState } from 'react'

/** Spec §7: the browser's position is rounded to one decimal (about 11 km) before it leaves the page. */
const oneDecimal = (coordinate: number) => Math.round(coordinate * 10) / 10

/**
 * 'Land for Sale Near Me' (spec §2). The link goes where the server placed the visitor (their
 * zip, else their state, else the country). When it does not know the zip and scripts run, a
 * click asks the browser where it is, only then, and lets /find pick the nearest zip with land.
 */
export function LandingNearMe({ href, knowsZip }: { href: string; knowsZip: boolean }) {
  const navigate = useNavigate()
  const [isLocating, setIsLocating] = useState(false)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const opensElsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    if (knowsZip || opensElsewhere || !('geolocation' in navigator)) return
    event.preventDefault()
    setIsLocating(true)
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => navigate(`/find?${new URLSearchParams({ near: `${oneDecimal(coords.latitude)},${oneDecimal(coords.longitude)}` })}`),
      () => navigate(href),
      { timeout: 10_000, maximumAge: 600_000 },
    )
  }
  return (
    <a
      href={href}
      onClick={onClick}
      aria-busy={isLocating}
      className="font-semibold text-white underline decoration-2 underline-offset-4 drop-shadow hover:decoration-accent"
    >
      {isLocating ? 'Finding land near you…' : 'Land for Sale Near Me'}
    </a>
  )
}
