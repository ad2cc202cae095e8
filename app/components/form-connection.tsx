import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useRouteLoaderData } from 'react-router'
import { formKeyField, newFormKey } from '~/models/forms/form-key'
import { awaitSubmission, retryDelayMs } from '~/browser/kept-form-submissions'
import { fillForm, forgetUnsentForm, keepUnsentForm, keepableEntries, readUnsentForm, secretControlNames, unsentFormKey } from '~/browser/unsent-forms'

/**
 * Forms that survive the network (issue 20 item 4, decision 0035): the form's idempotency key,
 * and what a form does when it cannot be sent.
 */

/** The location the scripts started on, whose page the server drew with the root's key. */
let firstLocationKey: string | undefined

/**
 * This page's form key: the server's for the page it drew (so a form sent before the scripts
 * arrive and the same form sent by them are one), a new one for each later page, so a form sent
 * again after its confirmation is a new message.
 */
function useFormKey() {
  const serverKey = useRouteLoaderData<{ formKey: string }>('root')?.formKey
  const { key } = useLocation()
  firstLocationKey ??= key
  return useMemo(() => (key === firstLocationKey && serverKey ? serverKey : newFormKey()), [key, serverKey])
}

/** The hidden key field; `keptKey` is the key of a kept submission being sent again (the same message, the same key). */
function FormKeyField({ keptKey }: { keptKey: string | null }) {
  const pageKey = useFormKey()
  return <input type="hidden" name={formKeyField} value={keptKey ?? pageKey} />
}

const keyOf = (entries: [string, string][]) => entries.find(([name]) => name === formKeyField)?.[1] ?? null

export const offlineMessage = 'You seem to be offline — your message is saved and will be sent when you reconnect'

/** The submit button whose name and value the kept entries hold (a step's 'Next'), so a resend presses the same one. */
function submitterOf(form: HTMLFormElement, entries: [string, string][]) {
  return [...form.querySelectorAll<HTMLButtonElement>('button[type=submit][name]')].find((button) =>
    entries.some(([name, value]) => name === button.name && value === button.value),
  )
}

/**
 * Put inside a form (by its id), beside its send button: its key, and with scripts, a form sent
 * while offline, or whose sending failed for the network (kept-form-submissions.ts), is kept in
 * storage with a notice and a 'Retry' button, and sent once (with the same key) when the browser
 * is back online or a retry gets through; a reload puts it back in the form. The copy goes once
 * the server has answered. Without scripts, a line says what happens when the connection drops.
 */
export function FormConnection({ formId }: { formId: string }) {
  const { pathname } = useLocation()
  const storageKey = unsentFormKey(pathname, formId)
  const [isWaiting, setIsWaiting] = useState(false)
  const [keptKey, setKeptKey] = useState<string | null>(null)
  // Forgets the router's submission this form awaits (awaitSubmission).
  const forgetSubmission = useRef(() => {})
  const failuresInARow = useRef(0)

  useEffect(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    const kept = readUnsentForm(localStorage, storageKey)
    if (kept) {
      fillForm(form, kept)
      setKeptKey(keyOf(kept))
      setIsWaiting(!navigator.onLine)
    }
    // On the form itself, ahead of the router's handler at the root, which it can keep from sending.
    const onSubmit = (event: SubmitEvent) => {
      const entries = keepableEntries(new FormData(form, event.submitter), secretControlNames(form))
      keepUnsentForm(localStorage, storageKey, entries)
      if (!navigator.onLine) {
        event.preventDefault()
        event.stopPropagation()
        setIsWaiting(true)
        return
      }
      setIsWaiting(false)
      forgetSubmission.current()
      forgetSubmission.current = awaitSubmission(keyOf(entries) ?? '', {
        // Even when the answer leads to another page (this form is gone then, its copy must not come back).
        onAnswered: () => {
          forgetUnsentForm(localStorage, storageKey)
          failuresInARow.current = 0
          setKeptKey(null)
        },
        // Kept, and the notice: the effect below sends it again.
        onNetworkFailure: () => {
          failuresInARow.current += 1
          setIsWaiting(true)
        },
      })
      // A form the router does not send leaves the page as a plain POST: what it sends is gone from here.
      setTimeout(() => {
        if (!event.defaultPrevented) {
          forgetSubmission.current()
          forgetUnsentForm(localStorage, storageKey)
        }
      })
    }
    form.addEventListener('submit', onSubmit)
    return () => {
      form.removeEventListener('submit', onSubmit)
      forgetSubmission.current()
    }
  }, [formId, storageKey])

  const send = useCallback(() => {
    const form = document.getElementById(formId)
    const kept = readUnsentForm(localStorage, storageKey)
    if (!(form instanceof HTMLFormElement) || !kept) return setIsWaiting(false)
    fillForm(form, kept)
    setKeptKey(keyOf(kept))
    form.requestSubmit(submitterOf(form, kept))
  }, [formId, storageKey])

  useEffect(() => {
    if (!isWaiting) return
    window.addEventListener('online', send)
    const retry = setTimeout(send, retryDelayMs(failuresInARow.current))
    return () => {
      window.removeEventListener('online', send)
      clearTimeout(retry)
    }
  }, [isWaiting, send])

  return (
    <>
      <FormKeyField keptKey={keptKey} />
      <noscript>
        <p className="mt-2 text-sm text-ink/80">{noScriptLine}</p>
      </noscript>
      <div aria-live="polite">
        {isWaiting ? (
          <div className="mt-3 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-ink">
            <p>{offlineMessage}</p>
            <button type="button" onClick={send} className="mt-2 rounded-md border border-brand px-3 py-1.5 font-semibold text-brand hover:bg-brand/5">
              Retry
            </button>
          </div>
        ) : null}
      </div>
    </>
  )
}

/**
 * Without scripts the browser's own error page says the connection dropped; this says what to do
 * (decision 0035). No promise that the form keeps what was typed: a browser keeps it on a public
 * page, but going back to a private one (no-store) fetches it anew.
 */
const noScriptLine =
  'If your connection drops while sending, your browser shows its own error: once you are online again, go back to this page and send again. Nothing that did arrive is sent twice.'
