import { parse } from 'node-html-parser'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SaxesParser } from 'saxes'
import { describe, expect, test } from 'vitest'
import { ListingStatistics } from '~/routes/account/listings/statistics/listing-stats-chart'
import { type ListingStatistics as Statistics, sellerEventTypes, type StatisticsPeriod } from '~/models/sellers/listing-stats'

const basePath = '/account/listings/statistics/'

function statisticsOf(days: StatisticsPeriod, daily: Partial<Record<(typeof sellerEventTypes)[number]['key'], number[]>>): Statistics {
  const last = Date.parse('2026-11-23')
  const dates = Array.from({ length: days }, (_, index) => new Date(last - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10))
  return {
    days,
    dates,
    series: sellerEventTypes.map(({ key, label }) => {
      const counts = daily[key] ?? dates.map(() => 0)
      return { key, label, daily: counts, total: counts.reduce((sum, count) => sum + count, 0) }
    }),
  }
}

const render = (statistics: Statistics) => parse(renderToStaticMarkup(createElement(ListingStatistics, { statistics, basePath })))

/** Throws unless `markup` is well-formed XML. */
function parseXml(markup: string) {
  new SaxesParser().write(markup).close()
}

describe('the listing statistics', () => {
  const week = statisticsOf(7, { detailsViewed: [0, 0, 0, 0, 2, 1, 1], searchResults: [0, 20, 0, 3, 0, 0, 0], like: [0, 0, 0, 1, 0, 0, 0] })

  test('draws a well-formed, labelled SVG chart for views and for search results', () => {
    const page = render(week)
    const charts = page.querySelectorAll('svg')
    expect(charts).toHaveLength(2)
    for (const chart of charts) {
      expect(() => parseXml(chart.outerHTML)).not.toThrow()
      expect(chart.getAttribute('role')).toBe('img')
      const title = chart.querySelector('title')
      expect(title?.getAttribute('id')).toBe(chart.getAttribute('aria-labelledby'))
    }
    const [views, results] = charts
    expect(views!.querySelector('title')!.text).toBe('Details viewed per day, Nov 17 to Nov 23, 2026 (UTC days): 4 in all, most on Nov 21 (2), and none on 4 days.')
    expect(results!.querySelector('title')!.text).toBe(
      'Search results shown per day, Nov 17 to Nov 23, 2026 (UTC days): 23 in all, most on Nov 18 (20), and none on 5 days.',
    )
    // A bar for each day with events, each named with its day and count.
    expect(views!.querySelectorAll('rect').map((bar) => bar.querySelector('title')!.text)).toEqual(['Nov 21: 2', 'Nov 22: 1', 'Nov 23: 1'])
    // The scale's round top, and every day of a week under the bars.
    const labels = views!.querySelectorAll('text').map((label) => label.text)
    expect(labels).toEqual(['0', '1', '2', 'Nov 17', 'Nov 18', 'Nov 19', 'Nov 20', 'Nov 21', 'Nov 22', 'Nov 23'])
    expect(results!.querySelectorAll('text').map((label) => label.text)).toContain('20')
    // Theme colours (the site's brand on white, text in its ink), not fixed ones.
    expect(views!.querySelector('rect')!.getAttribute('class')).toBe('fill-brand')
    expect(views!.getAttribute('class')).toContain('text-ink')
  })

  test('a month is labelled weekly back from today, and a quiet series says so', () => {
    const page = render(statisticsOf(30, {}))
    const [views] = page.querySelectorAll('svg')
    expect(views!.querySelectorAll('text').map((label) => label.text)).toEqual(['0', '1', 'Oct 26', 'Nov 2', 'Nov 9', 'Nov 16', 'Nov 23'])
    expect(views!.querySelectorAll('rect')).toHaveLength(0)
    expect(views!.querySelector('title')!.text).toBe('Details viewed per day, Oct 25 to Nov 23, 2026 (UTC days): none.')
  })

  test('a table beneath gives the total of every type', () => {
    const rows = render(week)
      .querySelectorAll('tbody tr')
      .map((row) => [row.querySelector('th')!.text, row.querySelector('td')!.text])
    expect(rows).toEqual([
      ['Details viewed', '4'],
      ['Search results shown', '23'],
      ['Phone clicks', '0'],
      ['E-mail leads', '0'],
      ['Flyers printed', '0'],
      ['Sent to a friend', '0'],
      ['Likes', '1'],
    ])
    expect(
      render(week)
        .querySelectorAll('thead th')
        .map((heading) => heading.text),
    ).toEqual(['Event', 'Last 7 days'])
  })

  test('the period links are plain links, the chosen one marked current', () => {
    const links = render(statisticsOf(90, {}))
      .querySelectorAll('nav a')
      .map((link) => [link.text, link.getAttribute('href'), link.getAttribute('aria-current')])
    expect(links).toEqual([
      ['7 days', `${basePath}?days=7`, undefined],
      ['30 days', `${basePath}?days=30`, undefined],
      ['90 days', `${basePath}?days=90`, 'page'],
    ])
  })
})
