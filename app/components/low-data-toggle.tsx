import { lowDataField, lowDataPath, lowDataReturnField } from '~/utils/low-data'

/**
 * The footer's 'Low data' line (issue 20 item 2): what it does, and a button that turns it on or
 * off. A plain form (a whole-page post even with scripts): the answer is the same page drawn anew,
 * lighter or not, with the choice kept in a cookie.
 */
export function LowDataToggle({ isOn, returnTo }: { isOn: boolean; returnTo: string }) {
  return (
    <form method="post" action={lowDataPath} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-low-data={isOn ? 'on' : 'off'}>
      <input type="hidden" name={lowDataField} value={isOn ? 'off' : 'on'} />
      <input type="hidden" name={lowDataReturnField} value={returnTo} />
      <p>{isOn ? 'Low data is on — photos are smaller and maps load when you ask.' : 'Low data: smaller photos, and maps only when you ask.'}</p>
      <button type="submit" className="rounded-full border border-brand px-3 py-1 font-semibold text-brand hover:bg-brand/10">
        {isOn ? 'Turn off' : 'Turn on'}
        <span className="sr-only"> Low data</span>
      </button>
    </form>
  )
}
