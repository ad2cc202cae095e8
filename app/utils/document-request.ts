import { createContext } from 'react-router'

/**
 * Set by the server (server/app.ts): the request asks for a whole page, not for a client
 * navigation's data (a `.data` request). Unset, a loader answers as for a navigation's data.
 */
export const documentRequestContext = createContext(false)
