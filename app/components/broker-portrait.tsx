import { resizedImagePath } from '~/models/media/document-ids'

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
  if (documentId === null) {
    return (
      <span aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-full bg-stone-200 font-semibold text-stone-700 ${className}`}>
        {initials(name)}
      </span>
    )
  }
  return (
    <img
      src={resizedImagePath(documentId, { width: size, height: size, fit: 'cover' })}
      // WebP for every browser that reads a srcset (half the JPEG's bytes); the JPEG for one that does not.
      srcSet={[1, 2]
        .map((scale) => `${resizedImagePath(documentId, { width: size * scale, height: size * scale, fit: 'cover', format: 'webp' })} ${scale}x`)
        .join(', ')}
      width={size}
      height={size}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={`shrink-0 rounded-full bg-stone-200 object-cover ${className}`}
    />
  )
}
