import { type ReactNode, useEffect, useRef, useState } from 'react'

interface TargetModalProps {
  id: string
  title: string
  /** Open from the server's side: the form inside was just answered (errors or confirmation). */
  isOpen: boolean
  /** Where closing leads without scripts: the page itself, without the answer. */
  closeHref: string
  /** Changes with every answer from the server, so a modal closed before opens for the next one. */
  answer?: unknown
  children: ReactNode
}

/**
 * A dialog opened by a plain link to `#id` (CSS :target), so it works without scripts. With
 * scripts it takes focus when opened, keeps Tab inside, and Escape or the close link shut it and
 * give focus back to what opened it.
 */
export function TargetModal({ id, title, isOpen, closeHref, answer, children }: TargetModalProps) {
  const panel = useRef<HTMLDivElement>(null)
  // What opened the modal gets focus back; kept across the effect's runs, which an opening itself causes.
  const opener = useRef<HTMLElement | null>(null)
  const [isDismissed, setIsDismissed] = useState(false)
  useEffect(() => setIsDismissed(false), [isOpen, answer])
  // A modal drawn anew after its link was followed (its code loads after the page) is not the
  // document's :target any more, so it opens itself while the address names it.
  const [isTargeted, setIsTargeted] = useState(false)
  useEffect(() => {
    const onHashChange = () => setIsTargeted(window.location.hash === `#${id}`)
    onHashChange()
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [id])

  useEffect(() => {
    const dialog = panel.current
    if (!dialog) return
    const focusables = () => [...dialog.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]):not([tabindex="-1"]), select, textarea')]
    const isShown = () => dialog.parentElement !== null && getComputedStyle(dialog.parentElement).display !== 'none'
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node) && event.target instanceof HTMLElement) opener.current = event.target
    }
    const onHashChange = () => {
      if (isShown()) focusables()[1]?.focus()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
      } else if (event.key === 'Tab') {
        const items = focusables()
        const edge = event.shiftKey ? items[0] : items.at(-1)
        if (document.activeElement === edge) {
          event.preventDefault()
          ;(event.shiftKey ? items.at(-1) : items[0])?.focus()
        }
      }
    }
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest('[data-modal-close]')) {
        event.preventDefault()
        close()
      }
    }
    const close = () => {
      setIsDismissed(true)
      // A fragment navigation is what clears :target; the lone '#' it leaves is then tidied away.
      if (window.location.hash === `#${id}`) window.location.hash = ''
      history.replaceState(history.state, '', window.location.pathname + window.location.search)
      opener.current?.focus()
    }
    window.addEventListener('hashchange', onHashChange)
    document.addEventListener('focusin', onFocusIn)
    dialog.addEventListener('keydown', onKeyDown)
    dialog.addEventListener('click', onClick)
    // A modal opened before its code arrived (a slow link) may be in use: focus stays where the visitor put it.
    if (isShown() && !dialog.contains(document.activeElement)) focusables()[1]?.focus()
    return () => {
      window.removeEventListener('hashchange', onHashChange)
      document.removeEventListener('focusin', onFocusIn)
      dialog.removeEventListener('keydown', onKeyDown)
      dialog.removeEventListener('click', onClick)
    }
  }, [id, isOpen, isTargeted])

  return (
    <section
      id={id}
      // Top-aligned, not centred: a message appearing inside must not move what is above it.
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className={`target-modal fixed inset-0 z-50 items-end justify-center bg-black/50 p-0 small:items-start small:p-4 small:pt-[8vh]${(isOpen || isTargeted) && !isDismissed ? ' is-open' : ''}${isDismissed ? ' is-dismissed' : ''}`}
    >
      <div ref={panel} className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-t-xl bg-white p-5 text-ink shadow-xl small:rounded-xl">
        <div className="mb-3 flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-xl font-bold text-brand">
            {title}
          </h2>
          <a href={closeHref} data-modal-close="" className="rounded px-2 text-2xl leading-none text-ink/70 hover:text-ink" aria-label="Close">
            ×
          </a>
        </div>
        {children}
      </div>
    </section>
  )
}
