/** The body of every error page: status, the spec's sentence and a way back. */
export function ErrorMessage({ status, message }: { status: number; message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-heading">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Error {status}</p>
      <h1 id="error-heading" className="mt-2 text-3xl font-bold text-brand">
        {message}
      </h1>
      <p className="mt-6">
        <a className="font-semibold text-brand underline" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  )
}
