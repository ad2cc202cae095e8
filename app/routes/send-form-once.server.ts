import { FirstSubmissionPendingError, sendOnce } from '~/models/forms/form-submissions.server'

/**
 * `sendOnce` for an action: a first attempt of the same submission still being sent is answered
 * 409, asking the sender to wait and reload (the page then shows where the first one went).
 */
export async function sendFormOnce(...args: Parameters<typeof sendOnce>): Promise<string> {
  try {
    return await sendOnce(...args)
  } catch (error) {
    if (error instanceof FirstSubmissionPendingError)
      throw new Response('This form is still being sent. Please wait a moment, then reload the page.', { status: 409 })
    throw error
  }
}
