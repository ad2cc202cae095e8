/** A chosen location or filter shown as a removable tag (spec §2 "Search bar"). */
export interface LocationTag {
  label: string
  removeHref: string
}

function TagList({ tags, name }: { tags: LocationTag[]; name: string }) {
  if (tags.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label={name}>
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

/**
 * Chosen locations (spec §2), then the search's filters as a sentence says them (issue 40: what
 * the location box understood), in one row of removable tags: each removal is a plain link to the
 * search without it.
 */
export function LocationTags({ tags, filterTags }: { tags: LocationTag[]; filterTags: LocationTag[] }) {
  if (tags.length === 0 && filterTags.length === 0) return null
  return (
    <div className="flex flex-wrap gap-2">
      <TagList tags={tags} name="Chosen locations" />
      <TagList tags={filterTags} name="Chosen filters" />
    </div>
  )
}
