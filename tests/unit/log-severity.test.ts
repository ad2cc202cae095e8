import { expect, test } from 'vitest'
import { isErrorSeverity, logSeverities, parseLogSeverity } from '~/models/logs/log-severity'

/** Spec §3 log severities, as the client log (POST /logging/log/, spec §7) reads them. */
test('the nine spec severities, mildest first, read in any spelling a client sends', () => {
  expect(logSeverities).toEqual(['information', 'verbose', 'debug', 'warning', 'error', 'critical-yellow', 'critical-orange', 'critical-red-orange', 'critical-red'])
  expect(['Information', 'VERBOSE', 'Critical Yellow', 'criticalOrange', 'CRITICAL_RED_ORANGE', ' critical-red '].map(parseLogSeverity)).toEqual([
    'information',
    'verbose',
    'critical-yellow',
    'critical-orange',
    'critical-red-orange',
    'critical-red',
  ])
  expect([parseLogSeverity('fatal'), parseLogSeverity(''), parseLogSeverity(3)]).toEqual([undefined, undefined, undefined])
})

test('error and the critical levels print as errors; the milder ones do not', () => {
  expect(logSeverities.filter(isErrorSeverity)).toEqual(['error', 'critical-yellow', 'critical-orange', 'critical-red-orange', 'critical-red'])
})
