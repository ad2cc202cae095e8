import { parse } from 'node-html-parser'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { ListingCard, type ListingCardProps } from '~/components/listing-card'
import { MapResultList } from '~/routes/search/map-result-list'

// The card is drawn here without a router: its like form asks the root loader for the viewer, a visitor.
vi.mock('~/hooks/use-site', async (importOriginal) => ({ ...(await importOriginal<typeof import('~/hooks/use-site')>()), useViewer: () => null }))
import { listingLevel, marketStatus, upgradeLevel } from '~/models/listings/enumerations'
import { listingCardView } from '~/models/listings/listing-card'
import type { ListingSummary } from '~/models/listings/listing-summary'

const href = '/property/42-acres-in-travis-county-tx/7/'

const standardListing: ListingSummary = {
  id: 7,
  title: '42 Acres with Creek',
  price: 189_000,
  acres: 42,
  status: marketStatus.available,
  saleType: 1,
  listingLevel: listingLevel.standard,
  upgradeLevel: upgradeLevel.tier,
  salesPrice: null,
  salesDate: null,
  propertyTypes: 128,
  beds: null,
  baths: null,
  homeSqft: null,
  address1: null,
  cityName: 'Austin',
  countyName: 'Travis County',
  stateName: 'Texas',
  stateAbbreviation: 'TX',
  zip: '78701',
  descriptionExcerpt: 'Rolling hills and a year-round creek.',
  imageIds: [224, 225],
  imageCount: 12,
  createdAt: '2025-01-01T00:00:00.000Z',
  priceChangeAmount: null,
  isUnconfirmed: false,
  confirmedAt: null,
  latitude: 30.3,
  longitude: -97.7,
  takesVisits: false,
  broker: {
    accountId: 5,
    contactName: 'Maria Gonzalez',
    companyName: 'Hill Country Land Co.',
    phone: '(512) 555-0100',
    portraitDocumentId: 1_000_000_005,
    logoDocumentId: null,
    isFree: false,
    replyWithinHours: null,
  },
}

function renderCard(listing: Partial<ListingSummary>, props: Partial<ListingCardProps> = {}, brokerHref?: string) {
  return renderToStaticMarkup(createElement(ListingCard, { card: listingCardView({ ...standardListing, ...listing, href, brokerHref }), ...props }))
}

/** The visible text, tags removed, so assertions read like what a user sees. */
function textOf(html: string) {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
}

const free = { listingLevel: listingLevel.free, broker: null }
const diamond = { upgradeLevel: upgradeLevel.diamond }
const contactSeller = 'Contact Seller'
const envelope = 'aria-label="Email the seller"'

describe('listing card', () => {
  it('is an article whose title links to the listing', () => {
    const html = renderCard({})
    expect(html).toMatch(/^<article/)
    expect(html).toMatch(new RegExp(`<h3[^>]*><a href="${href}"[^>]*>42 Acres with Creek</a></h3>`))
  })

  it('uses a level-2 heading when asked', () => {
    expect(renderCard({}, { headingLevel: 2 })).toContain('<h2')
  })

  it('shows price, acres, price per acre, address and photo count', () => {
    const text = textOf(renderCard({}))
    expect(text).toContain('$189,000')
    expect(text).toContain('42 acres')
    expect(text).toContain('$4,500/acre')
    expect(text).toContain('Travis County, TX')
    expect(text).toContain('12 photos')
  })

  it('a price of 2 reads Auction, with no price per acre', () => {
    const text = textOf(renderCard({ price: 2 }))
    expect(text).toContain('Auction')
    expect(text).not.toContain('/acre')
  })

  it("shows the seller's reply-time figure under their name, and nothing for a seller without one", () => {
    expect(textOf(renderCard({ broker: { ...standardListing.broker!, replyWithinHours: 2 } }))).toContain(
      'Maria Gonzalez Hill Country Land Co. Usually replies within 2 hours',
    )
    expect(textOf(renderCard({ broker: { ...standardListing.broker!, replyWithinHours: 24 } }))).toContain('Usually replies within a day')
    expect(textOf(renderCard({}))).not.toContain('replies')
  })

  it('a price of 0 reads Contact for Price', () => {
    expect(textOf(renderCard({ price: 0 }))).toContain('Contact for Price')
  })

  it('homes show beds, baths and square feet', () => {
    expect(textOf(renderCard({ beds: 3, baths: 2, homeSqft: 1_850 }))).toContain('3 beds · 2 baths · 1,850 sq ft')
  })

  it('a price reduction reads Reduced with a compact amount', () => {
    expect(textOf(renderCard({ priceChangeAmount: -25_000 }))).toContain('Reduced $25K')
    expect(textOf(renderCard({ priceChangeAmount: 10_000 }))).not.toContain('Reduced')
  })

  it('has a like form posting the listing id with intent like', () => {
    const html = renderCard({})
    const form = parse(html).querySelector('form[action="/account/savedproperties/"]')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.querySelector('input[name="listingId"]')?.attributes).toMatchObject({ type: 'hidden', value: '7' })
    expect(form?.querySelector('button[type="submit"]')?.attributes).toMatchObject({ name: 'intent', value: 'like', 'aria-label': 'Save 42 Acres with Creek' })
  })

  it('shows status badges for under contract, sold and off market listings', () => {
    expect(textOf(renderCard({ status: marketStatus.underContract }))).toContain('Under Contract')
    expect(textOf(renderCard({ status: marketStatus.sold, salesDate: '2025-03-07' }))).toContain('Sold 3/7/25')
    expect(textOf(renderCard({ status: marketStatus.offMarket }))).toContain('Off Market')
    expect(textOf(renderCard({}))).not.toMatch(/Under Contract|Sold|Off Market/)
  })

  it('says Visits available while the listing is for sale and its seller takes visit bookings', () => {
    expect(textOf(renderCard({ takesVisits: true }))).toContain('Visits available')
    expect(textOf(renderCard({ takesVisits: true, status: marketStatus.underContract }))).toContain('Visits available')
    expect(textOf(renderCard({ takesVisits: false }))).toContain('42 Acres with Creek')
    expect(textOf(renderCard({ takesVisits: false }))).not.toContain('Visits available')
    expect(textOf(renderCard({ takesVisits: true, status: marketStatus.sold, salesDate: '2025-03-07' }))).not.toContain('Visits available')
  })

  it('free listings on mobile read Pending instead of Under Contract', () => {
    const text = textOf(renderCard({ ...free, status: marketStatus.underContract }))
    expect(text).toContain('Pending')
    expect(text).toContain('Under Contract')
  })

  it("the broker's name links to the broker's page the server wrote, or is plain text on a site without broker pages", () => {
    expect(renderCard({}, {}, '/member/maria-gonzalez/5')).toContain('<a href="/member/maria-gonzalez/5" class="card-broker-name">Maria Gonzalez</a>')
    const withoutPage = renderCard({})
    expect(withoutPage).toContain('<span class="card-broker-name">Maria Gonzalez</span>')
    expect(withoutPage).not.toContain('/propertylink/')
  })

  it('paid listings show the broker block and free ones do not', () => {
    expect(textOf(renderCard({}))).toContain('Maria Gonzalez Hill Country Land Co.')
    expect(textOf(renderCard(free))).not.toContain('Maria Gonzalez')
    expect(textOf(renderCard({ upgradeLevel: upgradeLevel.courtesy }))).not.toContain('Maria Gonzalez')
  })

  it('a paid active listing has a Contact Seller link to the contact form', () => {
    const html = renderCard({})
    expect(html).toMatch(new RegExp(`<a href="${href}#contact"[^>]*>${contactSeller}</a>`))
  })

  it('Contact Seller is hidden for free, sold and off-market listings', () => {
    expect(renderCard(free)).not.toContain(contactSeller)
    expect(renderCard({ status: marketStatus.sold })).not.toContain(contactSeller)
    expect(renderCard({ status: marketStatus.offMarket })).not.toContain(contactSeller)
  })

  it('gold, platinum, diamond and signature listings show the envelope icon instead', () => {
    for (const level of [{ upgradeLevel: upgradeLevel.gold }, { upgradeLevel: upgradeLevel.platinum }, diamond, { listingLevel: listingLevel.signature }]) {
      const html = renderCard(level)
      expect(html).toContain(envelope)
      expect(html).not.toContain(contactSeller)
    }
  })

  it('no envelope icon for standard, free, sold or off-market listings', () => {
    expect(renderCard({})).not.toContain(envelope)
    expect(renderCard(free)).not.toContain(envelope)
    expect(renderCard({ ...diamond, status: marketStatus.sold })).not.toContain(envelope)
    expect(renderCard({ ...diamond, status: marketStatus.offMarket })).not.toContain(envelope)
  })

  it('diamond listings on search show Call and Message', () => {
    const html = renderCard(diamond, { showBrokerCallButtons: true })
    expect(html).toContain('href="tel:5125550100"')
    expect(html).toMatch(new RegExp(`<a href="${href}#contact"[^>]*>.*Message`))
  })

  it('Call and Message need a diamond listing on a page that asks for them', () => {
    expect(renderCard(diamond)).not.toContain('tel:')
    expect(renderCard({ upgradeLevel: upgradeLevel.platinum }, { showBrokerCallButtons: true })).not.toContain('tel:')
    expect(renderCard({ ...diamond, status: marketStatus.sold }, { showBrokerCallButtons: true })).not.toContain('tel:')
  })

  it('upgraded tiers carry a ribbon and free cards none', () => {
    expect(textOf(renderCard(diamond))).toContain('Diamond')
    expect(textOf(renderCard({ upgradeLevel: upgradeLevel.gold }))).toContain('Gold')
    expect(textOf(renderCard({ listingLevel: listingLevel.signature }))).toContain('Showcase')
    expect(textOf(renderCard(free))).not.toMatch(/Diamond|Platinum|Gold|Showcase/)
  })

  it('the photo loads lazily with a srcset, sizes, dimensions and the title as alt text', () => {
    const image = renderCard({}).match(/<img[^>]*>/)?.[0] ?? ''
    expect(image).toContain('loading="lazy"')
    expect(image).toContain('decoding="async"')
    expect(image).not.toMatch(/fetchpriority/i)
    expect(image).toMatch(/srcSet="[^"]*320w[^"]*960w"/)
    // A phone shows a card the width of the screen less the page's margins (decision 0032).
    expect(image).toContain('sizes="(min-width: 1025px) 33vw, (min-width: 601px) 50vw, calc(100vw - 2rem)"')
    expect(image).toContain('width="960" height="640"')
    expect(image).toContain('alt="42 Acres with Creek"')
  })

  it('a priority card loads its photo at once with high fetch priority', () => {
    const image = renderCard({}, { priority: true }).match(/<img[^>]*>/)?.[0] ?? ''
    expect(image).toContain('loading="eager"')
    expect(image).toMatch(/fetchpriority="high"/i)
  })

  it('without photos the placeholder is shown and left out of the accessibility tree', () => {
    const html = renderCard({ imageIds: [], imageCount: 0 })
    const image = html.match(/<img[^>]*>/)?.[0] ?? ''
    expect(image).toContain('/1-3765161205')
    expect(image).toContain('alt=""')
    expect(textOf(html)).not.toContain('photos')
  })

  it('never nests an interactive element inside a link', () => {
    const links = renderCard(diamond, { showBrokerCallButtons: true }).match(/<a\b[^>]*>.*?<\/a>/g) ?? []
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link.slice(2)).not.toMatch(/<(a|button|input|form)\b/)
  })
})

describe('the map view’s result list', () => {
  it('shows each listing’s first photo as a thumbnail of spec §9’s 81 × 122, fetched at twice that for sharp screens', () => {
    const html = renderToStaticMarkup(createElement(MapResultList, { listings: [listingCardView({ ...standardListing, href })] }))
    const thumbnail = parse(html).querySelector('img')!
    expect([thumbnail.getAttribute('width'), thumbnail.getAttribute('height')]).toEqual(['122', '81'])
    expect(thumbnail.getAttribute('src')).toBe('/resizedimages/162/244/cover/60/1-224')
  })
})
