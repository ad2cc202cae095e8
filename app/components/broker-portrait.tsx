import { resizedImagePath } from '~/models/media/document-ids'
import { useDrawnPrioritySrcSet } from '~/utils/use-drawn-priority-srcset'

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')
}

/** WebP for every browser that reads a srcset (half the JPEG's bytes); the JPEG in `src` for one that does not. */
function portraitSrcSet(documentId: number, size: number) {
  return [1, 2].map((scale) => `${resizedImagePath(documentId, { width: size * scale, height: size * scale, fit: 'cover', format: 'webp' })} ${scale}x`).join(', ')
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
  const src = documentId === null ? '' : resizedImagePath(documentId, { width: size, height: size, fit: 'cover' })
  const srcSet = useDrawnPrioritySrcSet(src, documentId === null ? '' : portraitSrcSet(documentId, size))
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
