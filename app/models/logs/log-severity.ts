/**
 * Spec §3 log severities, mildest first: information, verbose, debug, warning, error, and the
 * critical yellow, orange, red-orange and red. Shared: the browser names them when it logs.
 */
export const logSeverities = [
  'information',
  'verbose',
  'debug',
  'warning',
  'error',
  'critical-yellow',
  'critical-orange',
  'critical-red-orange',
  'critical-red',
] as const

export type LogSeverity = (typeof logSeverities)[number]

/** A severity as a client may spell it ('Critical Yellow', 'criticalYellow', 'CRITICAL_YELLOW'), or undefined. */
export function parseLogSeverity(text: unknown): LogSeverity | undefined {
  if (typeof text !== 'string') return undefined
  const normal = text
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
  return logSeverities.find((severity) => severity === normal)
}

/** Error and the critical levels: what the server log prints as an error. */
export function isErrorSeverity(severity: LogSeverity) {
  return logSeverities.indexOf(severity) >= logSeverities.indexOf('error')
}
