import { portraitSources } from '~/utils/image-renditions'
import { useDrawnPrioritySrcSet } from '~/hooks/use-drawn-priority-srcset'

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')
}

/**
 * A broker's round portrait at `size` CSS pixels (sharp-rendered at 1x and 2x, WebP), or their
 * initials without one. Decorative: the broker's name is always written beside it.
 */
export function BrokerPortrait({
  documentId,
  name,
  size,
  className,
  priority = false,
}: {
  documentId: number | null
  name: string
  size: number
  /** Sets the displayed size (Tailwind classes are static text, so the caller names them). */
  className: string
  priority?: boolean
}) {
  const sources = documentId === null ? { src: '', srcSet: '' } : portraitSources(documentId, size)
  const src = sources.src
  const srcSet = useDrawnPrioritySrcSet(src, sources.srcSet)
  if (documentId === null) {
    return (
      <span aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-full bg-stone-200 font-semibold text-stone-700 ${className}`}>
        {initials(name)}
      </span>
    )
  }
  return (
    <img
      src={src}
      srcSet={srcSet}
      width={size}
      height={size}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      // At the top of a broker's page it is drawn from the page itself on a phone (decision 0041).
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={`shrink-0 rounded-full bg-stone-200 object-cover ${className}`}
    />
  )
}
