import { type LookupAddress, promises as dns } from 'node:dns'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isNonPublicIpHost, isPublicAddress } from './public-address'

/**
 * The one way the server fetches a URL that a partner or a lender gave it: feed pulls, feed photos,
 * lead webhooks (issue 33, decision 0048). It sends requests to public internet addresses only: the
 * host's name is resolved once, every address it has must be public, and the connection goes to an
 * address so checked (the check is the socket's own DNS lookup, so no second lookup can answer
 * differently). Redirects are followed here, at most three, each target checked the same way.
 */

/** Why a fetch failed, as a partner may be told it: no socket error, address or status in it. */
export type OutboundFailureReason = 'bad-url' | 'address-refused' | 'unreachable' | 'timeout' | 'too-many-redirects' | 'too-large'

/** A fetch the guard refused or that failed: `reason` for the partner, `message` (with the cause) for the server's log. */
export class OutboundFetchError extends Error {
  constructor(
    readonly reason: OutboundFailureReason,
    message: string,
  ) {
    super(message)
    this.name = 'OutboundFetchError'
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** For the whole exchange: every redirect, the headers and the body. */
  timeoutMs: number
  /** The answer's body fails with 'too-large' past this many bytes. */
  maxBytes: number
}

/** Ways around the guard for tests whose receivers listen on loopback. Never read from configuration. */
export interface OutboundTestPolicy {
  /** Host names or IP literals, as the URL spells them, let through whatever their address. */
  allowedHosts?: readonly string[]
  /** Answers for the resolver, in place of the system's. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>
}

/**
 * Fetches a URL through the guard. A GET follows redirects; a POST never does (its 3xx is the
 * answer: following it would post the data somewhere its owner did not name). Throws
 * `OutboundFetchError` for every failure, and the body it gives fails with one too.
 */
export type OutboundFetch = (url: string, request: OutboundRequest) => Promise<Response>

const maxRedirects = 3
const redirectStatuses = new Set([301, 302, 303, 307, 308])
const nullBodyStatuses = new Set([204, 205, 304])

const systemResolve = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true })

export function createOutboundFetch(policy: OutboundTestPolicy = {}): OutboundFetch {
  const allowedHosts = new Set(policy.allowedHosts)
  const lookup = checkingLookup(policy.resolve ?? systemResolve, allowedHosts)
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) }

  function checkedUrl(address: string, base?: URL) {
    let url: URL
    try {
      url = new URL(address, base)
    } catch {
      throw new OutboundFetchError('bad-url', `Not a URL: ${address}`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundFetchError('bad-url', `Only http and https are fetched, not ${url.protocol}`)
    // A literal address connects without a lookup, so it is checked here.
    if (isNonPublicIpHost(url.hostname) && !allowedHosts.has(url.hostname))
      throw new OutboundFetchError('address-refused', `${url.hostname} is not a public address`)
    return url as URL & { protocol: keyof typeof agents }
  }

  function send(url: ReturnType<typeof checkedUrl>, request: OutboundRequest, signal: AbortSignal) {
    const client = url.protocol === 'https:' ? https : http
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = client.request(url, { method: request.method ?? 'GET', headers: request.headers, agent: agents[url.protocol], lookup, signal }, resolve)
      outgoing.on('error', reject)
      outgoing.end(request.body)
    })
  }

  return async function outboundFetch(address, request) {
    const signal = AbortSignal.timeout(request.timeoutMs)
    const failure = (error: unknown, url: URL | string): OutboundFetchError => {
      if (error instanceof OutboundFetchError) return error
      if (signal.aborted) return new OutboundFetchError('timeout', `No complete answer from ${url} within ${request.timeoutMs} ms`)
      return new OutboundFetchError('unreachable', `${url}: ${error instanceof Error ? error.message : String(error)}`)
    }
    let url = checkedUrl(address)
    try {
      for (let redirects = 0; ; redirects += 1) {
        const answer = await send(url, request, signal)
        const location = answer.headers.location
        if (request.method === 'POST' || !redirectStatuses.has(answer.statusCode!) || !location)
          return response(answer, request.maxBytes, (error) => failure(error, url))
        answer.destroy()
        if (redirects === maxRedirects) throw new OutboundFetchError('too-many-redirects', `${address} redirected more than ${maxRedirects} times`)
        url = checkedUrl(location, url)
      }
    } catch (error) {
      throw failure(error, url)
    }
  }
}

/** The guard for production: public addresses only. */
export const outboundFetch = createOutboundFetch()

/** A lookup for the socket that refuses a name with any non-public address, and hands on only addresses it checked. */
function checkingLookup(resolve: (hostname: string) => Promise<LookupAddress[]>, allowedHosts: ReadonlySet<string>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const refused = allowedHosts.has(hostname) ? undefined : addresses.find((candidate) => !isPublicAddress(candidate.address))
        if (refused) throw new OutboundFetchError('address-refused', `${hostname} resolves to ${refused.address}, not a public address`)
        const usable = addresses.filter((candidate) => !options.family || candidate.family === options.family)
        if (usable.length === 0) throw new OutboundFetchError('unreachable', `${hostname} has no address`)
        if (options.all) callback(null, usable)
        else callback(null, usable[0]!.address, usable[0]!.family)
      })
      .catch((error: Error) => callback(error, ''))
  }
}

/** The answer as a fetch Response, its body counted as it arrives so a missing or lying Content-Length cannot make us hold more than `maxBytes`. */
function response(answer: IncomingMessage, maxBytes: number, failure: (error: unknown) => OutboundFetchError) {
  const status = answer.statusCode!
  if (Number(answer.headers['content-length']) > maxBytes) {
    answer.destroy()
    throw new OutboundFetchError('too-large', `Content-Length ${answer.headers['content-length']} is over ${maxBytes} bytes`)
  }
  const headers = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) for (const each of [value ?? []].flat()) headers.append(name, each)
  if (nullBodyStatuses.has(status)) {
    answer.destroy()
    return new Response(null, { status, headers })
  }
  const chunks = answer[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let bytes = 0
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await chunks.next()
        if (done) return controller.close()
        bytes += value.byteLength
        if (bytes > maxBytes) throw new OutboundFetchError('too-large', `The body is over ${maxBytes} bytes`)
        controller.enqueue(value)
      } catch (error) {
        answer.destroy()
        controller.error(failure(error))
      }
    },
    cancel: () => void answer.destroy(),
  })
  return new Response(body, { status, statusText: answer.statusMessage, headers })
}
