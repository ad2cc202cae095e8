/** The body of every error page: status, the spec's sentence, what happened when we can say it, and a way back. */
export function ErrorMessage({ status, message, detail }: { status: number; message: string; detail?: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-heading">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Error {status}</p>
      <h1 id="error-heading" className="mt-2 text-3xl font-bold text-brand">
        {message}
      </h1>
      {detail ? <p className="mt-4">{detail}</p> : null}
      <p className="mt-6">
        <a className="font-semibold text-brand underline" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  )
}
