import { Suspense, lazy, useRef, useState } from 'react'
import { feedbackPaths } from '~/models/feedback/feedback-paths'

/** Loaded on first open (spec §4: modals load on first open). */
const FeedbackModal = lazy(() => import('./feedback-modal').then((module) => ({ default: module.FeedbackModal })))

/**
 * The footer's 'Feedback' (spec §4 feedback modal): a link to the feedback page, which with
 * scripts opens the form in a modal instead; closing it gives focus back to the link. The page is
 * a form, noindex, so crawlers are told not to follow the link every page carries (decision 0062).
 */
export function FeedbackLink({ className }: { className: string }) {
  const [isOpen, setIsOpen] = useState(false)
  const link = useRef<HTMLAnchorElement>(null)
  return (
    <>
      <a
        ref={link}
        href={feedbackPaths.page}
        rel="nofollow"
        aria-haspopup="dialog"
        className={className}
        onClick={(event) => {
          // A click meant for a new tab or window opens the page there.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
          event.preventDefault()
          setIsOpen(true)
        }}
      >
        Feedback
      </a>
      {isOpen ? (
        <Suspense fallback={null}>
          <FeedbackModal
            onClose={() => {
              setIsOpen(false)
              link.current?.focus()
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
