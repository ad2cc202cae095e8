import Bowser from 'bowser'

/** How Settings names a signed-in device: its browser and system as its User-Agent says ('Chrome on Linux'). */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'An unknown browser'
  const parser = Bowser.getParser(userAgent)
  const browser = parser.getBrowserName() || 'An unknown browser'
  const system = parser.getOSName()
  return system ? `${browser} on ${system}` : browser
}
