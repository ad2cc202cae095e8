import type { ComparablesMap as ComparablesMapData } from '~/models/valuation/comparables-map'

/**
 * The comparable sales on a map drawn by the server (issue 16 §2): numbered as in the table
 * beside it, the parcel as a square. The table carries the same facts in words.
 */
export function ComparablesMap({ map, placeName }: { map: ComparablesMapData; placeName: string }) {
  return (
    <svg viewBox={`0 0 ${map.width} ${map.height}`} className="h-auto w-full rounded-lg border border-ink/10" role="img" aria-labelledby="comparables-map-title">
      <title id="comparables-map-title">{`Map of the parcel in ${placeName} (square) and the comparable sales, numbered as in the table`}</title>
      <rect width={map.width} height={map.height} fill="#dbe7d3" />
      <path d={map.countiesPath} fill="#eef2e6" stroke="#8a9a7b" strokeWidth={1} />
      <path d={map.parcelCountyPath} fill="#fdf6d8" stroke="#166534" strokeWidth={2} />
      {map.sales.map((sale) => (
        <g key={sale.number}>
          <circle cx={sale.x} cy={sale.y} r={11} fill="#1e3a8a" stroke="#fff" strokeWidth={2} />
          <text x={sale.x} y={sale.y + 4} textAnchor="middle" fontSize={12} fontWeight={700} fill="#fff" fontFamily="system-ui, sans-serif">
            {sale.number}
          </text>
        </g>
      ))}
      <rect x={map.parcel.x - 9} y={map.parcel.y - 9} width={18} height={18} fill="#b45309" stroke="#fff" strokeWidth={3} />
    </svg>
  )
}
