import type { WebVital } from './page-analytics'

/**
 * How a 75th percentile reads against the web vitals' published thresholds: good up to the first,
 * poor past the second (LCP and FCP in milliseconds, CLS a score).
 */
const thresholds: Record<WebVital, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  FCP: [1800, 3000],
  CLS: [0.1, 0.25],
}

export type VitalRating = 'good' | 'needs improvement' | 'poor'

export function vitalRating(metric: WebVital, value: number): VitalRating {
  const [good, poor] = thresholds[metric]
  return value <= good ? 'good' : value <= poor ? 'needs improvement' : 'poor'
}

/** '2.4 s' for a paint, '0.05' for a layout shift score. */
export function formatVital(metric: WebVital, value: number) {
  return metric === 'CLS' ? value.toFixed(2) : `${(value / 1000).toFixed(1)} s`
}

/** What the thresholds are, in words for the page. */
export const vitalThresholdText = `Good is an LCP up to ${formatVital('LCP', thresholds.LCP[0])}, a CLS up to ${formatVital('CLS', thresholds.CLS[0])} and an FCP up to ${formatVital('FCP', thresholds.FCP[0])}; poor is past ${formatVital('LCP', thresholds.LCP[1])}, ${formatVital('CLS', thresholds.CLS[1])} and ${formatVital('FCP', thresholds.FCP[1])}.`
