/**
 * React 19 sets a server-drawn `<textarea>` back to its server text when it hydrates it (its
 * `initTextarea`; inputs are spared, facebook/react#26974). Hydration starts after the page's
 * load event (decision 0013), so on a slow link a buyer has often begun a message by then. This
 * notes what was typed into textareas until hydration and puts it back once it is done.
 *
 * Call before hydration starts; call what it returns once the hydrated tree is committed.
 */
export function keepTextTypedBeforeHydration() {
  const typed = new Map<HTMLTextAreaElement, string>()
  for (const textarea of document.querySelectorAll('textarea')) {
    if (textarea.value !== textarea.defaultValue) typed.set(textarea, textarea.value)
  }
  const noteTyping = (event: Event) => {
    if (event.target instanceof HTMLTextAreaElement) typed.set(event.target, event.target.value)
  }
  document.addEventListener('input', noteTyping, true)
  return function restoreTypedText() {
    document.removeEventListener('input', noteTyping, true)
    for (const [textarea, value] of typed) textarea.value = value
    typed.clear()
  }
}
