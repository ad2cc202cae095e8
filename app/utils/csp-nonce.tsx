import { createContext as createReactContext, useContext } from 'react'
import { createContext as createRouterContext } from 'react-router'

/**
 * The Content-Security-Policy nonce of this response (decision 0023): the server makes one per
 * request, names it in the policy and hands it to the render through the load context; the
 * framework's scripts and ours carry it. In the browser there is none (browsers hide nonces from
 * pages and a script React draws there never runs), nor for a handler called without the server ('').
 */
export const cspNonceContext = createRouterContext<string>('')

const NonceContext = createReactContext<string | undefined>(undefined)

export const NonceProvider = NonceContext.Provider

export const useNonce = () => useContext(NonceContext)
