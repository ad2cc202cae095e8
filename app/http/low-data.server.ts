import { createContext, type MiddlewareFunction } from 'react-router'
import { isLowDataRequest } from '~/utils/low-data'

/** Whether this request gets the lighter page (low-data.ts), decided once by the root's middleware for every loader. */
export const lowDataContext = createContext(false)

export const lowDataMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(lowDataContext, isLowDataRequest(request.headers))
  return next()
}
