import { CheckIcon } from '~/components/icons'

/** 'Checks passed' (issue 19 item 3): what was verified about the listing, in a buyer's words. */
export function ListingChecks({ checks }: { checks: string[] }) {
  return (
    <section aria-labelledby="checks-heading" id="checks">
      <h2 id="checks-heading" className="text-xl font-bold text-stone-900">
        Checks passed
      </h2>
      <ul className="mt-3 space-y-1.5">
        {checks.map((check) => (
          <li key={check} className="flex items-start gap-2 text-stone-900">
            <CheckIcon className="mt-1 h-4 w-4 shrink-0 text-emerald-800" />
            {check}
          </li>
        ))}
      </ul>
    </section>
  )
}
