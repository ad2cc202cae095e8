import type { SubmissionResult } from '@conform-to/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { feedbackThanks } from '~/models/feedback/feedback-fields'
import { feedbackPaths } from '~/models/feedback/feedback-paths'
import { FeedbackForm } from './feedback-form'
import { Confirmation } from './form-field'

const focusableSelector = 'a[href], button:not([disabled]), input:not([type=hidden]):not([tabindex="-1"]), select, textarea'

/**
 * The feedback modal (spec §4), loaded on first open: a modal <dialog> holding the feedback form,
 * sent through the JSON endpoint. The first field takes focus; Tab stays inside; Escape or the
 * close button shut it, and the caller gives focus back to what opened it.
 */
export function FeedbackModal({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]>>()
  const [isSent, setIsSent] = useState(false)
  const [isSending, setIsSending] = useState(false)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    element.showModal()
    element.querySelector<HTMLElement>('textarea')?.focus()
    return () => element.close()
  }, [])

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSending(true)
    fetch(feedbackPaths.api, { method: 'POST', body: new FormData(event.currentTarget) })
      .then(async (response) => {
        const answer = (await response.json()) as { isSent?: boolean } & SubmissionResult<string[]>
        if (answer.isSent) setIsSent(true)
        else setLastResult(answer)
      })
      .catch(() => setLastResult({ status: 'error', error: { '': ['Your feedback could not be sent. Please try again.'] } }))
      .finally(() => setIsSending(false))
  }

  // A native modal dialog lets Tab leave for the browser's own controls; feedback keeps it inside.
  const keepTabInside = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)]
    const edge = event.shiftKey ? items[0] : items.at(-1)
    if (document.activeElement !== edge) return
    event.preventDefault()
    ;(event.shiftKey ? items.at(-1) : items[0])?.focus()
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="feedback-modal-title"
      onClose={onClose}
      onKeyDown={keepTabInside}
      className="w-full max-w-lg rounded-xl bg-white p-5 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="mb-3 flex items-start justify-between gap-4">
        <h2 id="feedback-modal-title" className="text-xl font-bold text-brand">
          Send us feedback
        </h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label="Close" className="rounded px-2 text-2xl leading-none text-ink/70 hover:text-ink">
          ×
        </button>
      </div>
      {isSent ? (
        <Confirmation>{feedbackThanks}</Confirmation>
      ) : (
        <FeedbackForm
          id="feedback-modal-form"
          lastResult={lastResult}
          pagePath={`${window.location.pathname}${window.location.search}`}
          onSubmit={send}
          isSending={isSending}
        />
      )}
    </dialog>
  )
}
