import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A dialog opened by a plain link to `#id` (CSS :target), so it works without scripts. With
 * scripts it takes focus when opened, keeps Tab inside, and Escape or the close link shut it.
 */
export function TargetModal({ id, title, isOpen, children }: { id: string; title: string; isOpen: boolean; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const dialog = panel.current
    if (!dialog) return
    let opener: Element | null = null
    const focusables = () => [...dialog.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea')]
    const onHashChange = () => {
      if (window.location.hash === `#${id}`) focusables()[1]?.focus()
      else if (opener instanceof HTMLElement) opener.focus()
    }
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node)) opener = event.target as Element
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (window.location.hash !== `#${id}` && !dialog.parentElement?.classList.contains('is-open')) return
      if (event.key === 'Escape') close()
      if (event.key !== 'Tab') return
      const items = focusables()
      const first = items[0]
      const last = items.at(-1)
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
    const close = () => {
      dialog.parentElement?.classList.remove('is-open')
      history.replaceState(history.state, '', window.location.pathname + window.location.search)
      onHashChange()
    }
    window.addEventListener('hashchange', onHashChange)
    document.addEventListener('focusin', onFocusIn)
    dialog.addEventListener('keydown', onKeyDown)
    if (window.location.hash === `#${id}` || isOpen) focusables()[1]?.focus()
    return () => {
      window.removeEventListener('hashchange', onHashChange)
      document.removeEventListener('focusin', onFocusIn)
      dialog.removeEventListener('keydown', onKeyDown)
    }
  }, [id, isOpen])

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className={`target-modal fixed inset-0 z-50 items-end justify-center bg-black/50 p-0 small:items-center small:p-4${isOpen ? ' is-open' : ''}`}
    >
      <div ref={panel} className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-t-xl bg-white p-5 text-ink shadow-xl small:rounded-xl">
        <div className="mb-3 flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-xl font-bold text-brand">
            {title}
          </h2>
          <a href="#close" className="rounded px-2 text-2xl leading-none text-ink/70 hover:text-ink" aria-label="Close">
            ×
          </a>
        </div>
        {children}
      </div>
    </section>
  )
}
