import { useState } from 'react'
import { FramePart } from '~/document/frame'
import type { StateMapState } from '~/models/search/search-map'
import { hasHydrated } from '~/browser/hydration'

/** The element that holds the outlines on a page that carries them. */
export const stateShapesId = 'state-shapes'

/**
 * The state map filter (spec §1): the country, each state a link to its search, named as the
 * spec's state links read ('{state} Land For Sale'). The outlines are one cached SVG file the
 * states `<use>`, or the page's own copy of it. Works without scripts; a keyboard reaches every
 * state in alphabetical order, with a visible focus.
 *
 * `carriesShapes`: the page carries the outlines itself, a part of the document's frame (the home,
 * where the map is near the first view: decision 0041). A map first drawn by a client navigation
 * has no document to find them in, and uses the file.
 */
export function StateMap({ states, headingId, carriesShapes = false }: { states: StateMapState[]; headingId: string; carriesShapes?: boolean }) {
  const [hasShapesInPage] = useState(() => carriesShapes && !hasHydrated())
  const shapeHref = (state: StateMapState) => (hasShapesInPage ? state.shapeHref.slice(state.shapeHref.indexOf('#')) : state.shapeHref)
  return (
    <svg viewBox="0 0 975 610" role="group" aria-labelledby={headingId} className="h-auto w-full max-w-xl">
      {hasShapesInPage ? <FramePart as="defs" id={stateShapesId} /> : null}
      {states.map((state) =>
        state.href === null ? (
          // A state without listings is drawn, named, and not linked (decision 0062).
          <g key={state.name}>
            <title>{`${state.name}: no land for sale right now`}</title>
            <use href={shapeHref(state)} className="fill-stone-200 stroke-white stroke-[1.5]" />
          </g>
        ) : (
          <a key={state.href} href={state.href} aria-label={`${state.name} Land For Sale`} className="group outline-none">
            <title>{state.name}</title>
            <use
              href={shapeHref(state)}
              className="fill-brand/15 stroke-white stroke-[1.5] transition-colors group-hover:fill-brand/60 group-focus-visible:fill-accent group-focus-visible:stroke-ink group-focus-visible:stroke-[3]"
            />
            {state.marker ? (
              <circle
                cx={state.marker.x}
                cy={state.marker.y}
                r={7}
                className="fill-brand stroke-white stroke-2 group-hover:fill-accent group-focus-visible:fill-accent group-focus-visible:stroke-ink"
              />
            ) : null}
          </a>
        ),
      )}
    </svg>
  )
}
