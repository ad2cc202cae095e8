/**
 * The catch-all: a path no route claims answers 404 with the site's own sentence, drawn by
 * the root ErrorBoundary (spec §2 "Unknown routes show the error page with code 404").
 */
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
