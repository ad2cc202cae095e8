import { Form, useSubmit } from 'react-router'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import type { SearchCriteria } from '~/models/search/search-criteria'
import type { SearchView } from '~/models/search/search-path'
import { fromScreen } from '~/sites/screens'
import { useSite } from '~/hooks/use-site'
import { actionToResults, revealSearchResults } from './search-results-heading'
import {
  activityOptions,
  amenityOptions,
  dateListedOptions,
  marketStatusOptions,
  priceChangeLookbackDays,
  priceChangeTypeOptions,
  propertyTypeOptions,
  transactionTypeOptions,
} from '~/models/search/search-options'

interface FilterPanelProps {
  action: string
  criteria: SearchCriteria
  activeFilterCount: number
  clearHref: string
  /** The results' view: the map view keeps itself through the form, and its panel starts closed above the map. */
  view: SearchView
}

const inputStyle = 'w-full rounded-md border border-ink/30 bg-white px-2 py-1.5 text-sm'

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-ink/10 pt-3">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

interface FieldProps<Value> {
  name: string
  label: string
  value: Value | undefined
  /** The id of a note that explains the field. */
  describedBy?: string
}

function NumberField({ name, label, value, describedBy }: FieldProps<number>) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block text-ink/80">{label}</span>
      <input type="number" inputMode="numeric" min={0} step="any" name={name} defaultValue={value ?? ''} aria-describedby={describedBy} className={inputStyle} />
    </label>
  )
}

function DateField({ name, label, value, describedBy }: FieldProps<string>) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block text-ink/80">{label}</span>
      <input type="date" name={name} defaultValue={value ?? ''} aria-describedby={describedBy} className={inputStyle} />
    </label>
  )
}

/** Spec §3 sales price and sold date bounds; they only exist on sold listings, so they search those alone. */
function SoldFieldset({ criteria }: { criteria: SearchCriteria }) {
  const noteId = useId()
  return (
    <Fieldset legend="Sold">
      <p id={noteId} className="mb-2 text-sm text-ink/80">
        A sale price or sold date shows sold listings only.
      </p>
      <div className="grid grid-cols-2 gap-2">
        <NumberField name="salesPriceMin" label="Min sale price ($)" value={criteria.salesPriceMin} describedBy={noteId} />
        <NumberField name="salesPriceMax" label="Max sale price ($)" value={criteria.salesPriceMax} describedBy={noteId} />
        <DateField name="soldDateMin" label="Sold from" value={criteria.soldDateMin} describedBy={noteId} />
        <DateField name="soldDateMax" label="Sold to" value={criteria.soldDateMax} describedBy={noteId} />
      </div>
    </Fieldset>
  )
}

function RangeFieldset({ legend, name, unit, min, max }: { legend: string; name: 'price' | 'pricePerAcre' | 'acres'; unit: string; min?: number; max?: number }) {
  const noun = legend.toLowerCase()
  return (
    <Fieldset legend={legend}>
      <div className="grid grid-cols-2 gap-2">
        <NumberField name={`${name}Min`} label={`Min ${noun}${unit}`} value={min} />
        <NumberField name={`${name}Max`} label={`Max ${noun}${unit}`} value={max} />
      </div>
    </Fieldset>
  )
}

function SelectField({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block text-ink/80">{label}</span>
      <select name={name} defaultValue={value} className={inputStyle}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * A checkbox or radio button that shows the search's criteria. With scripts, a search re-renders the
 * same form; React 19 sets `checked` itself on mount, after which a new `defaultChecked` no longer
 * moves the box, so a change of criteria sets it here.
 */
function CriteriaChoice({ isChecked, ...input }: { type: 'checkbox' | 'radio'; name: string; value: string; isChecked: boolean; className: string }) {
  const choice = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (choice.current) choice.current.checked = isChecked
  }, [isChecked])
  return <input ref={choice} {...input} defaultChecked={isChecked} />
}

function Checkboxes({ name, options, checked }: { name: string; options: readonly { key: string; label: string }[]; checked: readonly string[] }) {
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-1">
      {options.map((option) => (
        <label key={option.key} className="flex items-center gap-2 text-sm">
          <CriteriaChoice type="checkbox" name={name} value={option.key} isChecked={checked.includes(option.key)} className="h-4 w-4 accent-brand" />
          {option.label}
        </label>
      ))}
    </div>
  )
}

function Flag({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <CriteriaChoice type="checkbox" name={name} value="on" isChecked={checked} className="h-4 w-4 accent-brand" />
      {label}
    </label>
  )
}

/**
 * Every filter of the search in one GET form (spec §2 "Filter panel"). Without scripts,
 * 'Apply filters' submits it and the server redirects to the canonical path at the results' heading;
 * with scripts, each change re-runs the search in place, and focus stays where the user is, until
 * 'Apply filters' takes view and focus to the results.
 */
export function FilterPanel({ action, criteria, activeFilterCount, clearHref, view }: FilterPanelProps) {
  const submit = useSubmit()
  const panel = useRef<HTMLDetailsElement>(null)
  const { mobileSearchBelow } = useSite()
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    // Spec §9: out of the mobile search mode (from medium up on the main land site, small up elsewhere) the filters stand open.
    if (panel.current && view === 'list' && window.matchMedia(fromScreen(mobileSearchBelow)).matches) panel.current.open = true
  }, [view, mobileSearchBelow])
  // Typing in a number field fires a change per key: wait for a pause before searching.
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    clearTimeout(debounce.current)
    debounce.current = setTimeout(() => submit(form, { action, preventScrollReset: true, replace: true }), 400)
  }
  // 'Apply filters' is the buyer done choosing: the new results are shown (the live updates above leave focus in the panel).
  // In the mobile search mode the open panel stands between the heading and the results, so it closes, as a new page would show it.
  const onApply = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    clearTimeout(debounce.current)
    void submit(event.currentTarget, { action, preventScrollReset: true }).then(() => {
      if (panel.current && !window.matchMedia(fromScreen(mobileSearchBelow)).matches) panel.current.open = false
      revealSearchResults()
    })
  }
  const house = criteria.hasHouse === null ? 'any' : criteria.hasHouse ? 'yes' : 'no'
  return (
    <details ref={panel} className="rounded-lg border border-ink/15 bg-white">
      <summary className="cursor-pointer select-none px-4 py-3 font-semibold">Filter{activeFilterCount > 0 ? ` (${activeFilterCount})` : ''}</summary>
      {/* 'Apply filters' searches at once: a search still waiting on the pause must not follow it (and undo a sort chosen meanwhile). */}
      <Form method="get" action={actionToResults(action)} onChange={onChange} onSubmit={onApply} className="space-y-4 px-4 pb-4">
        <input type="hidden" name="filters" value="1" />
        <input type="hidden" name="sortOrder" value={criteria.sortOrder} />
        {view === 'map' ? <input type="hidden" name="view" value="map" /> : null}
        <label className="block text-sm">
          <span className="mb-1 block font-semibold">Keywords</span>
          <input type="search" name="keywordQuery" defaultValue={criteria.keywordQuery ?? ''} placeholder="creek, barn, timber…" className={inputStyle} />
        </label>
        <RangeFieldset legend="Price" name="price" unit=" ($)" min={criteria.priceMin} max={criteria.priceMax} />
        <RangeFieldset legend="Price per acre" name="pricePerAcre" unit=" ($)" min={criteria.pricePerAcreMin} max={criteria.pricePerAcreMax} />
        <RangeFieldset legend="Acres" name="acres" unit="" min={criteria.acresMin} max={criteria.acresMax} />
        <Flag name="belowMedianPricePerAcre" label="Price per acre below county median" checked={criteria.belowMedianPricePerAcre} />
        <Fieldset legend="Property type">
          <Checkboxes name="propertyTypes" options={propertyTypeOptions} checked={criteria.propertyTypes} />
        </Fieldset>
        <Fieldset legend="Sale type">
          <Checkboxes name="transactionTypes" options={transactionTypeOptions} checked={criteria.transactionTypes} />
        </Fieldset>
        <Fieldset legend="Status">
          <Checkboxes name="marketStatuses" options={marketStatusOptions} checked={criteria.marketStatuses} />
        </Fieldset>
        <SoldFieldset criteria={criteria} />
        <Fieldset legend="Listed and price changes">
          <SelectField
            name="dateListed"
            label="Date listed"
            value={criteria.dateListed}
            options={dateListedOptions.map(({ key, label }) => ({ value: key, label }))}
          />
          <div className="mt-2 grid grid-cols-2 gap-2">
            <SelectField
              name="priceChangeType"
              label="Price change"
              value={criteria.priceChangeType}
              options={priceChangeTypeOptions.map(({ key, label }) => ({ value: key, label }))}
            />
            <SelectField
              name="priceChangeLookback"
              label="Within"
              value={String(criteria.priceChangeLookback)}
              options={priceChangeLookbackDays.map((days) => ({ value: String(days), label: days === 0 ? 'Any time' : `${days} days` }))}
            />
          </div>
        </Fieldset>
        <Fieldset legend="Homes">
          <div className="flex gap-4 text-sm">
            {(['any', 'yes', 'no'] as const).map((value) => (
              <label key={value} className="flex items-center gap-1">
                <CriteriaChoice type="radio" name="hasHouse" value={value} isChecked={house === value} className="accent-brand" />
                {{ any: 'Any', yes: 'With a house', no: 'No house' }[value]}
              </label>
            ))}
          </div>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <NumberField name="bedMin" label="Min beds" value={criteria.bedMin} />
            <NumberField name="bathMin" label="Min baths" value={criteria.bathMin} />
            <NumberField name="sqftMin" label="Min sq ft" value={criteria.sqftMin} />
            <NumberField name="sqftMax" label="Max sq ft" value={criteria.sqftMax} />
          </div>
        </Fieldset>
        <Fieldset legend="Features">
          <div className="grid grid-cols-2 gap-x-3 gap-y-1">
            <Flag name="ownerFinancing" label="Owner financing" checked={criteria.ownerFinancing} />
            <Flag name="mineralRights" label="Mineral rights" checked={criteria.mineralRights} />
            <Flag name="hasVideo" label="Video" checked={criteria.hasVideo} />
            <Flag name="hasVirtualTour" label="Virtual tour" checked={criteria.hasVirtualTour} />
            <Flag name="hasCustomMap" label="Custom map" checked={criteria.hasCustomMap} />
          </div>
        </Fieldset>
        <Fieldset legend="Activities">
          <Checkboxes name="activityTypes" options={activityOptions} checked={criteria.activityTypes} />
        </Fieldset>
        <Fieldset legend="Land and home styles">
          <Checkboxes name="amenityTypes" options={amenityOptions} checked={criteria.amenityTypes} />
        </Fieldset>
        <div className="flex items-center gap-3 border-t border-ink/10 pt-3">
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-brand-contrast">
            Apply filters
          </button>
          <a href={clearHref} className="text-sm font-medium text-brand underline">
            Clear all
          </a>
        </div>
      </Form>
    </details>
  )
}
