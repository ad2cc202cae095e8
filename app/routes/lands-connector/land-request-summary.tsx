/** A land request's labelled lines (where, size, price, kinds of land, activities, financing, timeline), as a description list. */
export function LandRequestDetails({ details }: { details: readonly { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {details.map((detail) => (
        <div key={detail.label} className="contents">
          <dt className="font-semibold">{detail.label}</dt>
          <dd>{detail.value}</dd>
        </div>
      ))}
    </dl>
  )
}
