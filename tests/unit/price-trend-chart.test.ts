import { parse } from 'node-html-parser'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SaxesParser } from 'saxes'
import { describe, expect, test } from 'vitest'
import { PriceTrendChart, type TrendChartSeries } from '~/components/price-trend-chart'

const county: TrendChartSeries = {
  label: 'Travis County, TX',
  points: [
    { quarter: '2025 Q3', perAcre: 41_000 },
    { quarter: '2025 Q4', perAcre: null },
    { quarter: '2026 Q1', perAcre: 43_500 },
    { quarter: '2026 Q2', perAcre: 44_000 },
  ],
}
const state: TrendChartSeries = {
  label: 'Texas',
  points: [
    { quarter: '2025 Q3', perAcre: 3_100 },
    { quarter: '2025 Q4', perAcre: 3_200 },
    { quarter: '2026 Q1', perAcre: 3_300 },
    { quarter: '2026 Q2', perAcre: 3_350 },
  ],
}

const render = (series: TrendChartSeries[]) => parse(renderToStaticMarkup(createElement(PriceTrendChart, { title: 'Price per acre of land sold', series })))

describe('the price trend chart', () => {
  test('is a well-formed SVG image named by its title and a summary of each line', () => {
    const figure = render([county, state])
    const chart = figure.querySelector('svg[role="img"]')!
    new SaxesParser().write(chart.outerHTML).close()
    const [titleId, summaryId] = chart.getAttribute('aria-labelledby')!.split(' ')
    expect(chart.querySelector(`[id="${titleId}"]`)!.text).toBe('Price per acre of land sold')
    expect(chart.querySelector(`[id="${summaryId}"]`)!.text).toBe(
      'Median price per acre of land sold, by quarter, 2025 Q3 to 2026 Q2. ' +
        'Travis County, TX: $41,000 an acre in 2025 Q3, $44,000 in 2026 Q2, with 1 of 4 quarters left out for too few sales. ' +
        'Texas: $3,100 an acre in 2025 Q3, $3,350 in 2026 Q2.',
    )
  })

  test('lifts the line where a quarter has no figure, and marks every quarter that has one', () => {
    const [countyLine, stateLine] = render([county, state]).querySelectorAll('svg[role="img"] path')
    expect(countyLine!.getAttribute('d')!.match(/M/g)).toHaveLength(2)
    expect(stateLine!.getAttribute('d')!.match(/M/g)).toHaveLength(1)
    expect(render([county]).querySelectorAll('svg[role="img"] circle')).toHaveLength(3)
  })

  test('labels its scale in round dollars and its axis in years', () => {
    const labels = render([county, state])
      .querySelectorAll('svg[role="img"] text')
      .map((label) => label.text)
    expect(labels).toEqual(['$0', '$10K', '$20K', '$30K', '$40K', '$50K', '2025', '2026'])
  })

  test('names each line in a legend that does not rest on colour alone', () => {
    const figure = render([county, state])
    expect(figure.querySelectorAll('ul li').map((item) => item.text)).toEqual(['Travis County, TX', 'Texas'])
    const dashes = figure.querySelectorAll('ul li svg line').map((line) => line.getAttribute('stroke-dasharray'))
    expect(dashes[0]).not.toBe(dashes[1])
  })

  test('gives every figure in a table, quarters down and places across', () => {
    const table = render([county, state]).querySelector('table')!
    expect(table.querySelectorAll('thead th').map((heading) => heading.text)).toEqual(['Quarter', 'Travis County, TX', 'Texas'])
    expect(table.querySelectorAll('tbody tr').map((row) => row.querySelectorAll('th, td').map((cell) => cell.text))).toEqual([
      ['2025 Q3', '$41,000', '$3,100'],
      ['2025 Q4', 'Too few sales', '$3,200'],
      ['2026 Q1', '$43,500', '$3,300'],
      ['2026 Q2', '$44,000', '$3,350'],
    ])
  })

  test('says so, and draws nothing, when no quarter has a figure', () => {
    const figure = render([{ label: 'Loving County, TX', points: [{ quarter: '2026 Q1', perAcre: null }] }])
    expect(figure.querySelector('svg')).toBeNull()
    expect(figure.text).toContain('Too few sales in any quarter to draw a line.')
  })
})
