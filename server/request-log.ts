/** One line of the request log, printed as JSON when the answer is sent (or the client gave up). */
export interface RequestLogEntry {
  time: string
  requestId: string
  method: string
  host: string
  /** The path, with the secret of a link that is its own permission replaced by its route pattern (models/logs/secret-urls.ts). */
  path: string
  status: number
  durationMs: number
  /** The worker process that answered (decision 0026). */
  pid: number
  aborted?: true
}

/** One request as a person reads it in a terminal: `GET land.localhost/land/texas/ 200 34 ms`. */
export function requestLine({ method, host, path, status, durationMs, aborted }: RequestLogEntry) {
  return `${method} ${host}${path} ${status} ${Math.round(durationMs)} ms${aborted ? ' (the client left)' : ''}`
}

/**
 * How the request log is printed (issue 34 item 7): JSON lines for whatever collects them — a
 * process manager, a container runtime, the tests, anything that is not a terminal — and a short
 * line for a person watching a terminal. `LOG_FORMAT=json` or `text` decides it outright.
 */
export function requestLogger(format = process.env.LOG_FORMAT, isTerminal = process.stdout.isTTY === true) {
  const asText = format === 'text' || (format !== 'json' && isTerminal)
  return (entry: RequestLogEntry) => console.log(asText ? requestLine(entry) : JSON.stringify(entry))
}
