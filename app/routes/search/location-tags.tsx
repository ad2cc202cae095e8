/** A chosen location shown as a removable tag (spec §2 "Search bar"). */
export interface LocationTag {
  label: string
  removeHref: string
}

/** Chosen locations as removable tags (spec §2): each removal is a plain link to the wider search. */
export function LocationTags({ tags }: { tags: LocationTag[] }) {
  if (tags.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Chosen locations">
      {tags.map((tag) => (
        <li key={tag.label} className="inline-flex items-center gap-1 rounded-full bg-brand/10 py-1 pl-3 pr-1 text-sm font-medium text-brand">
          {tag.label}
          <a
            href={tag.removeHref}
            className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-brand hover:text-brand-contrast"
            aria-label={`Remove ${tag.label}`}
          >
            <span aria-hidden="true">×</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
