import { type ErrorInfo, type ReactNode, StrictMode, startTransition, useEffect, useLayoutEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { reportClientError } from '~/browser/client-error-log'
import { markHydrated } from '~/browser/hydration'
import { registerServiceWorker } from '~/browser/service-worker-registration'
import { keepTextTypedBeforeHydration } from '~/browser/text-typed-before-hydration'

/** React's own report (the console), then the server's client error log with the component stack. */
function onRenderError(error: unknown, errorInfo: ErrorInfo) {
  console.error(error)
  reportClientError(error, errorInfo.componentStack ?? undefined)
}

const restoreTypedText = keepTextTypedBeforeHydration()

/** Its layout effect runs once every route below it is hydrated, before the browser paints. */
function AfterHydration({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    markHydrated()
    restoreTypedText()
  }, [])
  useEffect(registerServiceWorker, [])
  return children
}

// React Router's default entry, with rendering errors reported to the server (spec §7 client error
// log) and text typed before hydration kept.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <AfterHydration>
        <HydratedRouter />
      </AfterHydration>
    </StrictMode>,
    { onCaughtError: onRenderError, onUncaughtError: onRenderError },
  )
})
