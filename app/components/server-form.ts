import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import type { FieldConstraint } from '~/models/forms/validation'

/**
 * Forms checked by their action on the server, with scripts or without: the same spec §5
 * messages either way, from the action's answer (conform's `submission.reply()`, `lastResult`).
 * The browser runs no schema and no form library (zod and conform's client stay on the server, out
 * of the page's JavaScript); this draws conform's markup (ids, aria, constraints, values) from the
 * answer alone.
 */
type Constraint = FieldConstraint & { min?: number; pattern?: string }

export interface FieldMetadata extends Constraint {
  id: string
  name: string
  formId: string
  errorId: string
  descriptionId: string
  errors: string[] | undefined
  initialValue: unknown
}

export interface FormMetadata {
  id: string
  errorId: string
  /** Errors of the whole form (conform's `formErrors`). */
  errors: string[] | undefined
}

type FormValues = Record<string, string | number | boolean | null | undefined>

// conform's serialization of default values: what the form data of such a field would hold.
function serialized(value: FormValues[string]) {
  if (typeof value === 'boolean') return value ? 'on' : undefined
  return value === null || value === undefined ? undefined : String(value)
}

/** A form's and its fields' metadata from the action's answer; focuses the first invalid field of a new answer, as conform does. */
export function useServerForm<Constraints extends Record<string, Constraint>>(
  constraints: Constraints,
  {
    id,
    lastResult,
    defaultValue = {},
  }: { id: string; lastResult: SubmissionResult<string[]> | undefined; defaultValue?: Partial<Record<keyof Constraints, FormValues[string]>> },
) {
  const errors = lastResult?.error ?? {}
  const initialValue: Record<string, unknown> =
    lastResult?.initialValue ?? Object.fromEntries(Object.entries(defaultValue).map(([name, value]) => [name, serialized(value as FormValues[string])]))
  const fields = {} as Record<keyof Constraints & string, FieldMetadata>
  for (const name of Object.keys(constraints) as (keyof Constraints & string)[]) {
    const fieldId = `${id}-${name}`
    fields[name] = {
      ...constraints[name],
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      errors: errors[name] ?? undefined,
      initialValue: initialValue[name],
    }
  }
  const form: FormMetadata = { id, errorId: `${id}-error`, errors: errors[''] ?? undefined }
  const reported = useRef(lastResult)
  useEffect(() => {
    if (!lastResult || lastResult === reported.current) return
    reported.current = lastResult
    const element = document.getElementById(id)
    if (lastResult.status !== 'error' || !(element instanceof HTMLFormElement)) return
    const firstInvalid = [...element.elements].find((control) => {
      const name = control.getAttribute('name')
      return name !== null && Boolean(lastResult.error?.[name])
    })
    if (firstInvalid instanceof HTMLElement) firstInvalid.focus()
  }, [id, lastResult])
  return [form, fields] as const
}

function ariaAttributes(metadata: { errorId: string; errors: string[] | undefined }, ariaDescribedBy: string | undefined, isField: boolean) {
  const isInvalid = metadata.errors !== undefined
  return {
    'aria-invalid': (isField && isInvalid) || undefined,
    'aria-describedby': isInvalid ? `${metadata.errorId} ${ariaDescribedBy ?? ''}`.trim() : ariaDescribedBy,
  }
}

/** The form element's id and aria; `noValidate` as conform sets it: the server's messages, not the browser's. */
export function getFormProps(form: FormMetadata) {
  return { id: form.id, noValidate: true, ...ariaAttributes(form, undefined, false) }
}

function controlProps(field: FieldMetadata, ariaDescribedBy: string | undefined) {
  return { required: field.required || undefined, id: field.id, name: field.name, form: field.formId, ...ariaAttributes(field, ariaDescribedBy, true) }
}

export function getInputProps(field: FieldMetadata, options: { type: string; value?: string; ariaDescribedBy?: string }) {
  const props = {
    ...controlProps(field, options.ariaDescribedBy),
    type: options.type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    pattern: field.pattern,
  }
  if (options.type === 'checkbox' || options.type === 'radio') {
    const value = options.value ?? 'on'
    return { ...props, value, defaultChecked: field.initialValue === value }
  }
  return { ...props, defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined }
}

export function getTextareaProps(field: FieldMetadata, options: { ariaDescribedBy?: string } = {}) {
  return { ...controlProps(field, options.ariaDescribedBy), minLength: field.minLength, maxLength: field.maxLength, defaultValue: field.initialValue?.toString() }
}

export function getSelectProps(field: FieldMetadata) {
  return { ...controlProps(field, undefined), defaultValue: field.initialValue?.toString() }
}
