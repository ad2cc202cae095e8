import type { ReactNode } from 'react'
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from './server-form'

export const controlStyle = 'mt-1 w-full rounded-md border border-ink/30 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700'

/** A field's first message, where its `aria-describedby` points. */
export function FieldError({ field }: { field: FieldMetadata }) {
  return field.errors?.[0] ? (
    <p id={field.errorId} className="mt-1 text-sm font-medium text-red-800">
      {field.errors[0]}
    </p>
  ) : null
}

interface FieldProps {
  field: FieldMetadata
  label: string
  type?: 'text' | 'email' | 'tel' | 'password'
  multiline?: boolean
  autoComplete?: string
  hint?: string
  /** For a number typed as text (no spinner, the phone's number keys). */
  inputMode?: 'decimal' | 'numeric'
  /** Replaces '(optional)' for a field required only sometimes: 'required for a sale'. */
  condition?: string
}

/** A labelled input or textarea with its error message, wired for screen readers (ids and aria from `server-form.ts`). */
export function FormField({ field, label, type = 'text', multiline = false, autoComplete, hint, inputMode, condition }: FieldProps) {
  // A hint (the password rules, say) is read out with the field, as its errors are.
  const ariaDescribedBy = hint ? field.descriptionId : undefined
  const control = multiline ? (
    <textarea {...getTextareaProps(field, { ariaDescribedBy })} rows={4} className={controlStyle} />
  ) : (
    <input {...getInputProps(field, { type, ariaDescribedBy })} autoComplete={autoComplete} inputMode={inputMode} className={controlStyle} />
  )
  return (
    <div className="mb-3">
      <label htmlFor={field.id} className="block text-sm font-semibold">
        {label}
        {field.required ? null : <span className="font-normal text-ink/70">{` (${condition ?? 'optional'})`}</span>}
      </label>
      {hint ? (
        <p id={field.descriptionId} className="text-sm text-ink/70">
          {hint}
        </p>
      ) : null}
      {control}
      <FieldError field={field} />
    </div>
  )
}

/** A labelled drop-down whose first, empty choice (`placeholder`) is no answer, with its error message. */
export function SelectField({
  field,
  label,
  placeholder,
  options,
}: {
  field: FieldMetadata
  label: string
  placeholder: string
  options: readonly { value: string; label: string }[]
}) {
  return (
    <div className="mb-3">
      <label htmlFor={field.id} className="block text-sm font-semibold">
        {label}
      </label>
      <select {...getSelectProps(field)} className={controlStyle}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  )
}

/** A list of checkboxes under one legend, each sending its option's key under the field's name. */
export function CheckboxGroup({
  field,
  legend,
  options,
  checked,
}: {
  field: FieldMetadata
  legend: string
  options: readonly { key: string; label: string }[]
  checked: readonly string[]
}) {
  return (
    <fieldset className="mb-4" aria-invalid={field.errors ? true : undefined} aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-semibold">
        {legend}
        {field.required ? null : <span className="font-normal text-ink/70"> (optional)</span>}
      </legend>
      <FieldError field={field} />
      <div className="mt-2 grid gap-2 small:grid-cols-2 medium:grid-cols-3">
        {options.map((option) => (
          <label key={option.key} className="flex items-center gap-2">
            <input type="checkbox" name={field.name} value={option.key} defaultChecked={checked.includes(option.key)} className="h-4 w-4 accent-brand" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export const submitButtonStyle = 'w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-brand-contrast hover:bg-brand/90'

/** The answer to a form that succeeded, read out by screen readers. */
export function Confirmation({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-md bg-green-50 p-3 font-medium text-green-900">
      {children}
    </p>
  )
}

/** A word of caution above a form that reaches a seller (owner-listed vacant land, `ownerLandSafetyNote`); nothing without one. */
export function SafetyNote({ text }: { text: string | null | undefined }) {
  return text ? <p className="mb-3 rounded border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">{text}</p> : null
}

/** A labelled checkbox, its label beside it. */
export function CheckboxField({ field, label }: { field: FieldMetadata; label: string }) {
  return (
    <div className="mb-3 flex items-center gap-2">
      <input {...getInputProps(field, { type: 'checkbox' })} className="h-4 w-4 accent-brand" />
      <label htmlFor={field.id}>{label}</label>
    </div>
  )
}

/** Spec §3 finance center settings: the lender's checkbox label, ticked or not by its default state. */
export function FinanceCheckboxField({ field, label }: { field: FieldMetadata; label: string }) {
  return (
    <label className="mb-4 flex items-start gap-2">
      <input {...getInputProps(field, { type: 'checkbox' })} className="mt-1 h-4 w-4 accent-brand" />
      <span>{label}</span>
    </label>
  )
}

/** Left empty by people (it is hidden from them); bots that fill every field are turned away. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
