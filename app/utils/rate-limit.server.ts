/**
 * Fixed-window request counting per key (e.g. 'contact:203.0.113.7'), in this process's memory.
 * Behind a load balancer each instance counts on its own, so a client gets up to N × limit;
 * a shared store is the scale-out step.
 */
const windows = new Map<string, { startedAt: number; count: number }>()
const maxTrackedKeys = 50_000

export function isRateLimited(key: string, { limit, windowMs }: { limit: number; windowMs: number }, now = Date.now()) {
  const window = windows.get(key)
  if (!window || now - window.startedAt >= windowMs) {
    if (windows.size >= maxTrackedKeys) windows.clear()
    windows.set(key, { startedAt: now, count: 1 })
    return false
  }
  window.count += 1
  return window.count > limit
}

/** The client's address as the proxy in front reports it; direct connections share one bucket. */
export function clientAddress(request: Request) {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'direct'
}
