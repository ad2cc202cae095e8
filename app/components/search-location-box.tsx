import { useNavigate } from 'react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { recentSearches } from '~/browser/browser-memory'

interface Suggestion {
  kind: string
  label: string
  href: string
}

/**
 * The location box (spec §2 "Search bar"). Without scripts it is a GET form to the resolver,
 * which keeps this search's filters (`from`) and adds or replaces the location. With scripts it
 * is a combobox offering places as you type, and the visitor's recent searches (spec §4, kept in
 * the browser) while it is focused and empty; choosing one goes straight to its search.
 */
/** Where the box submits without JavaScript (GET): the search engines' SearchAction names the same. */
export const locationSearchEndpoint = { path: '/find', queryParam: 'q' } as const

export function SearchLocationBox({ from, placeholder, label = 'Location or property ID' }: { from: string; placeholder: string; label?: string }) {
  const navigate = useNavigate()
  const listId = useId()
  const inputId = useId()
  const [query, setQuery] = useState('')
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [activeIndex, setActiveIndex] = useState(-1)
  const [isFocused, setIsFocused] = useState(false)
  const request = useRef<AbortController>(undefined)
  const input = useRef<HTMLInputElement>(null)

  // The box is uncontrolled: on a slow link a visitor types before the scripts arrive, and a
  // controlled input would be emptied by hydration (then `required` silently blocks the search).
  useEffect(() => {
    setQuery(input.current?.value ?? '')
    setIsFocused(document.activeElement === input.current)
  }, [])

  const isRecent = query.trim() === ''
  useEffect(() => {
    request.current?.abort()
    if (isFocused && isRecent) {
      setSuggestions(recentSearches().map((search) => ({ kind: 'recent', ...search })))
      setActiveIndex(-1)
      return
    }
    if (!isFocused || query.trim().length < 2) {
      setSuggestions([])
      return
    }
    const controller = new AbortController()
    request.current = controller
    const timer = setTimeout(() => {
      fetch(`/api/locations?${new URLSearchParams({ q: query, from })}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : []))
        .then((items: Suggestion[]) => {
          setSuggestions(items)
          setActiveIndex(-1)
        })
        .catch(() => {})
    }, 150)
    return () => clearTimeout(timer)
  }, [query, from, isFocused, isRecent])

  const choose = (suggestion: Suggestion) => {
    setSuggestions([])
    navigate(suggestion.href)
  }
  const isOpen = suggestions.length > 0
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!isOpen) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex((index) => (index + step + suggestions.length) % suggestions.length)
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault()
      choose(suggestions[activeIndex]!)
    } else if (event.key === 'Escape') {
      setSuggestions([])
    }
  }

  return (
    <form method="get" action={locationSearchEndpoint.path} role="search" className="relative flex w-full max-w-xl gap-2">
      <input type="hidden" name="from" value={from} />
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        name={locationSearchEndpoint.queryParam}
        // A combobox is a text input (HTML allows role=combobox on type=text, not type=search); the form's role=search says what it is for.
        type="text"
        enterKeyHint="search"
        required
        autoComplete="off"
        placeholder={placeholder}
        ref={input}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setIsFocused(true)}
        onBlur={() => setTimeout(() => setIsFocused(false), 150)}
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        className="min-w-0 flex-1 rounded-md border border-ink/30 bg-white px-3 py-2 text-base text-ink placeholder:text-ink/60"
      />
      <button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-white hover:brightness-110">
        Search
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={isRecent ? 'Recent searches' : 'Suggestions'}
        hidden={!isOpen}
        className="absolute left-0 right-24 top-full z-20 mt-1 overflow-hidden rounded-md border border-ink/20 bg-white text-ink shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.href}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            onMouseDown={(event) => {
              event.preventDefault()
              choose(suggestion)
            }}
            className={`cursor-pointer px-3 py-2 text-sm ${index === activeIndex ? 'bg-brand text-brand-contrast' : 'hover:bg-brand/10'}`}
          >
            {suggestion.label}
          </li>
        ))}
      </ul>
    </form>
  )
}
