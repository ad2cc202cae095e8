import { createContext } from 'react-router'
import { stateShapePaths } from '~/models/places/map-shapes.server'
import { stateShapesId } from './state-map'
import type { StaticHtmlParts } from './static-html'

/** Set by a page that draws the state map in its first view, so the outlines come in its HTML (decision 0041). */
export const stateShapesInPageContext = createContext(false)

/** The state outlines' markup for the page's render when it carries them (components/static-html.tsx). */
export function stateShapesHtml(isInPage: boolean): StaticHtmlParts {
  return isInPage ? { [stateShapesId]: stateShapePaths() } : {}
}
