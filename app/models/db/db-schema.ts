import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type { SalePriceSource } from '~/models/listings/sale-price-source'

/**
 * Table types for Kysely (one interface per table, snake_case columns as in the database).
 * Booleans are 0/1 integers and timestamps ISO-8601 text on both SQLite and PostgreSQL,
 * so the same queries and comparisons run unchanged on either.
 */
export interface StateTable {
  id: number // FIPS state code
  name: string
  abbreviation: string
  slug: string // 'New-Mexico'
  latitude: number
  longitude: number
}

export interface RegionTable {
  id: number
  state_id: number
  name: string // 'Central Texas'
  slug: string // 'Central-Texas'
}

export interface CountyTable {
  id: number // FIPS county code
  state_id: number
  region_id: number | null
  name: string // 'Travis'
  suffix: 'County' | 'Parish' | 'Borough'
  slug: string // 'Travis-County-TX'
  latitude: number
  longitude: number
}

export interface CityTable {
  id: number
  state_id: number
  county_id: number | null
  name: string
  slug: string // 'Austin-TX'
  latitude: number
  longitude: number
}

export interface ZipTable {
  zip: string
  city_id: number
  county_id: number | null
  state_id: number
  latitude: number
  longitude: number
}

/** A named lake or reservoir (spec §3 lakeIdList), from Natural Earth (app/data/README.md). */
export interface LakeTable {
  id: number
  name: string // 'Lake Okeechobee'
  slug: string // 'Lake-Okeechobee'
  /** The frame of its water, in degrees. */
  west: number
  south: number
  east: number
  north: number
  /** Its water as JSON: polygons of rings of [longitude, latitude], each polygon's first ring its shore. */
  polygons: string
}

/** The states whose land holds a lake's shore: a lake is a place in each (Lake Tahoe, CA and Lake Tahoe, NV). */
export interface LakeStateTable {
  state_id: number
  lake_id: number
}

/** The listings within `lakeShoreMiles` of a lake's shore (lake-shores.server.ts). */
export interface ListingLakeTable {
  lake_id: number
  listing_id: number
}

/** Brokers, agents, auctioneers, owners and land retailers (spec §3 "Broker or seller account"). */
export interface AccountTable {
  id: Generated<number>
  account_type: number
  broker_type: number // spec §3 broker types: broker 4, agent 5, auctioneer 6, property owner 7, land retailer 8
  parent_account_id: number | null
  contact_name: string
  company_name: string
  email: string
  office_phone: string | null
  preferred_phone: string | null
  address1: string | null
  address2: string | null
  city: string | null
  state_id: number | null
  zip: string | null
  description: string
  license_number: string | null
  is_free: number
  is_seller: number
  alc_certified: number
  alc_advanced_certified: number
  opt_in_lead_targeting: number
  badge_id: number | null
  portrait_document_id: number | null
  logo_document_id: number | null
  website_url: string | null
  created_at: string
  /** 'Usually replies within N hours' (reply-times.ts), kept by the reply-times job; null: no figure shown. */
  reply_within_hours: number | null
  /** The hours (0-23, local to the time zone) the seller's lead reminders wait out; null: none. */
  quiet_hours_from: number | null
  quiet_hours_until: number | null
  quiet_hours_time_zone: string | null
}

/** Spec §3 "Listing"; display strings (priceDisplay, acresDisplay…) are derived, not stored. */
export interface ListingTable {
  id: Generated<number>
  account_id: number
  partner_id: number | null
  external_source_id: string | null
  state_id: number
  county_id: number
  city_id: number | null
  region_id: number | null
  zip: string | null
  address1: string | null
  title: string
  description: string
  /** Whole dollars; spec §5: 2 means an auction without a price, 0 "Contact for Price". */
  price: number
  acres: number
  sale_type: number // 1 sale, 2 auction
  listing_level: number // free 3, standard 20, homes 21, premium 23, signature 30
  upgrade_level: number // courtesy -10, tier 0, gold 1, platinum 2, diamond 3
  status: number // available 1, under contract 2, off market 3, sold 4
  sales_price: number | null
  sales_date: string | null
  /** Where the sale price came from (sale-price-source.ts); null while unsold. */
  sale_price_source: SalePriceSource | null
  property_types: number // bit set, spec §3 "Property types"
  activities: number // bit set over the spec's activity list
  amenities: number // bit set over the spec's sub-filters
  beds: number | null
  baths: number | null
  home_sqft: number | null
  latitude: number
  longitude: number
  has_video: number
  video_url: string | null
  has_virtual_tour: number
  virtual_tour_url: string | null
  /** Spec §3 external link types: the listing on the seller's own site, and its auction's page. */
  external_listing_url: string | null
  auction_url: string | null
  has_custom_map: number
  mineral_rights: number
  owner_financing: number
  image_ids: string // JSON array of document ids, first is the thumbnail
  price_change_amount: number | null
  price_changed_at: string | null
  /** When its feed or seller last confirmed it is still for sale (listing-freshness.ts); null when not for sale. */
  confirmed_at: string | null
  /** 2 confirmed within 90 days, 1 not for 90 days, 0 not for 180 days (out of search); kept by `refreshListingFreshness`. */
  freshness: Generated<number>
  /** The agent a partner feed names for this listing, when not the account holder (issue 14). */
  contact_name: string | null
  contact_phone: string | null
  contact_email: string | null
  /** Captions by photo document id (JSON object); a photo without one is described by the listing's title. */
  photo_captions: Generated<string>
  created_at: string
  updated_at: string
}

export interface UserTable {
  id: Generated<number>
  email: string
  password_hash: string
  contact_name: string
  phone: string | null
  phone_type: Generated<number> // office 1, mobile 2, toll free 3
  account_type: Generated<number> // spec §3 account types; standard buyer 1
  account_id: number | null
  is_seller: Generated<number>
  is_admin: Generated<number>
  newsletter: Generated<number>
  /** 1: one e-mail a day listing the new leads on the seller's listings (issue 15). */
  lead_digest: Generated<number>
  lead_digest_sent_at: string | null
  /** 1 (the default): instant e-mails when a favourite's price drops or it is back on the market (decision 0071). */
  favorite_alerts: Generated<number>
  /** 1: the account may not log in (issue 17 item 4); its open sessions end too. */
  is_blocked: Generated<number>
  /** When a seller was shown the welcome popover (spec §4, once per seller); null before. */
  seller_welcome_shown_at: string | null
  /** 1: made by the sign-up form, its password logs in only once its mail's link (or a reset) proved the address (decision 0051). */
  awaits_confirmation: Generated<number>
  created_at: string
}

/** A contact message to a seller (spec §2 'Contact Seller'). */
export interface LeadTable {
  id: Generated<number>
  listing_id: number | null
  account_id: number
  site_id: number
  name: string
  email: string
  phone: string | null
  message: string
  wants_financing: Generated<number>
  created_at: string
  /** When the seller opened it in the leads inbox; null while unread. */
  read_at: string | null
  /** The buyer's Lands Connector request it was sent for (then `listing_id` is null). */
  land_request_id: number | null
  /** When the seller replied from the inbox or marked it answered; null while unanswered. */
  answered_at: string | null
  /** The reply the seller sent from the inbox (e-mailed to the buyer); null when marked answered. */
  reply: string | null
  /** The seller's reminders sent about it while unanswered: 1 after an hour, 2 after a day. */
  reminders_sent: Generated<number>
  /** When the buyer was sent similar listings after 48 unanswered hours, or that was settled without a mail. */
  buyer_follow_up_at: string | null
}

export interface ListingReportTable {
  id: Generated<number>
  listing_id: number
  site_id: number
  reason: string
  details: Generated<string>
  reporter_email: string | null
  created_at: string
  /** A hash of the reporter's client address (migration 0040): a scam report counts once per reporter. */
  reporter_key: Generated<string | null>
}

/** One thing that happened to a listing (issue 19 item 2): `kind` is a `listingHistoryKind`. */
export interface ListingHistoryTable {
  id: Generated<number>
  listing_id: number
  kind: number
  happened_at: string
  /** The price after the event (before it, `previous_price`, for a price change). */
  price: number | null
  previous_price: number | null
  /** For a relist, the earlier listing of the same property. */
  related_listing_id: number | null
}

/** Spec §3 listing events (`listingEventType` in enumerations.ts). */
export interface ListingEventTable {
  id: Generated<number>
  listing_id: number
  site_id: number
  event_type: number
  created_at: string
}

/** A lender (spec §3 "Finance center settings"); flags are 0/1. */
export interface FinanceCenterTable {
  id: Generated<number>
  name: string
  representative_name: Generated<string>
  description: Generated<string>
  phone: string | null
  website: string | null
  email: string
  active: Generated<number>
  checkbox_default_state: Generated<number>
  checkbox_label: Generated<string>
  show_on_lw: Generated<number>
  show_on_laf: Generated<number>
  show_on_loa: Generated<number>
  /** Where leads are also posted as signed JSON (lead-webhooks.server.ts); null: e-mail only. */
  lead_webhook_url: string | null
  lead_webhook_secret: string | null
}

/** A place a finance center serves, on the spec §3 finance location scale (`financeLocationType`). */
export interface FinanceCenterLocationTable {
  finance_center_id: number
  location_type: number
  location_id: number
}

/** A message to a finance center from its finance page or a listing. */
export interface FinanceLeadTable {
  id: Generated<number>
  finance_center_id: number
  site_id: number
  listing_id: number | null
  name: string
  email: string
  phone: string | null
  message: string
  wants_financing: Generated<number>
  created_at: string
  /** The page it was sent from; null for leads older than the webhooks. */
  page_url: string | null
}

/** One attempt to post a finance lead to its lender's webhook; a failed attempt schedules the next as a new 'pending' row. */
export interface FinanceLeadDeliveryTable {
  id: Generated<number>
  finance_lead_id: number
  finance_center_id: number
  attempt: number
  status: 'pending' | 'delivered' | 'failed'
  response_status: number | null
  error: string | null
  next_attempt_at: string | null
  created_at: string
  delivered_at: string | null
}

/** A listing a user liked (spec §4 "Like"); `site_id` is the site it was liked on. */
export interface SavedPropertyTable {
  id: Generated<number>
  user_id: number
  listing_id: number
  site_id: number
  created_at: string
}

/** Spec §3 "Saved search": a search path of one site, with its criteria as JSON. */
export interface SavedValuationTable {
  id: Generated<number>
  user_id: number
  /** The valuation's address (valuation-path.ts): its inputs. */
  path: string
  /** '40 acres in Travis County, Texas'. */
  label: string
  /** The estimate and its 80 % range when saved, in dollars. */
  value: number
  low: number
  high: number
  /** 1: e-mail the user when comparable land sells. */
  alert: Generated<number>
  /** When comparable sales were last looked for; null before the first look. */
  alerted_at: string | null
  created_at: string
}

export interface SavedSearchTable {
  id: Generated<number>
  user_id: number
  site_id: number
  name: string
  description: Generated<string>
  notify: Generated<string> // 'No Updates', 'Instant', 'Daily' or 'Weekly'
  criteria: string
  path: string
  active: Generated<number>
  created_at: string
  /** When the last e-mail update was considered (sent, or nothing new to send); null before the first. */
  notified_at: string | null
  /** The Lands Connector request that saved it, to mail the request's new matches; null when the user saved it. */
  land_request_id: number | null
}

/**
 * A buyer's description of the land they want (spec §2 Lands Connector, issue 17): its places
 * (JSON, `LandRequestPlace[]`), ranges and kinds of land, and whether the land professionals it is
 * sent to may see the buyer's e-mail address and phone.
 */
export interface LandRequestTable {
  id: Generated<number>
  user_id: number
  site_id: number
  places: string
  acres_min: number | null
  acres_max: number | null
  price_min: number | null
  price_max: number | null
  /** Search option keys (JSON arrays). */
  property_types: string
  activity_types: string
  financing: string
  timeline: string
  message: string
  phone: string | null
  share_contact: number
  created_at: string
  updated_at: string
}

/** A /reset/{resetKey} link: only the key's SHA-256 is kept, so a database leak opens no account. */
export interface PasswordResetTable {
  id: Generated<number>
  user_id: number
  key_hash: string
  expires_at: string
  used_at: string | null
  created_at: string
}

/** A login link's token (spec §4 login by token) from an e-mail: single use, expiring, its SHA-256 kept as a reset key's is (one-time-keys.server.ts). */
export type LoginTokenTable = PasswordResetTable

/** A server-side session (decision 0047): the cookie carries its id, signed; only the id's SHA-256 is kept. */
export interface SessionTable {
  id_hash: string
  /** The signed-in user; null for a visitor's session. */
  user_id: number | null
  /** The session's values as JSON (the pending action, the notices flashed to the next page). */
  data: string
  /** The browser's User-Agent when the user signed in, cut to 200 characters: how Settings names the device. */
  user_agent: string | null
  created_at: string
  last_seen_at: string
}

/** A user's TOTP second factor (decision 0052): on once `enabled_at` is set. */
export interface SecondFactorTable {
  user_id: number
  /** The Base32 secret, AES-256-GCM encrypted with a key derived from SESSION_SECRET. */
  secret_encrypted: string
  enabled_at: string | null
  /** The TOTP time step of the last code used: a code of this step or an earlier one is refused. */
  last_used_step: number | null
  /** JSON array of the SHA-256 of the recovery codes not used yet. */
  recovery_code_hashes: string
  created_at: string
}

/** The audit trail (decision 0052): one row per login, password or second-factor change, administrator's decision. */
export interface SecurityEventTable {
  id: Generated<number>
  user_id: number | null
  kind: string
  site_id: number | null
  client_address: string | null
  /** A small JSON object, never a secret. */
  detail: string
  created_at: string
}

/** A message from the feedback form (spec §4 feedback modal), also mailed to the site's team. */
export interface FeedbackTable {
  id: Generated<number>
  site_id: number
  /** The signed-in user who wrote it; null for a visitor. */
  user_id: number | null
  /** Where to answer, when the writer gave an address. */
  email: string | null
  message: string
  /** The page the form was opened on. */
  page_url: string | null
  created_at: string
}

/** A listing-feed partner (issue 14): whose listings, and where and how often its feed is pulled. */
export interface FeedPartnerTable {
  id: Generated<number>
  name: string
  account_id: number
  finance_center_id: number | null
  feed_url: string | null
  feed_format: Generated<'xml' | 'csv'>
  pull_interval_minutes: Generated<number>
  grace_hours: Generated<number>
  next_pull_at: string | null
  /** Who holds the pull of this feed, until when: one puller across processes and servers. */
  lease_owner: string | null
  lease_expires_at: string | null
  /** 1 for the demo partner, whose records the seed generates: its sale prices are generated, not a partner's (migration 0035). */
  sends_generated_data: Generated<number>
  created_at: string
}

/** One import of one feed, with its counts; `error_code` is a feed-reasons.ts code when it failed. */
export interface FeedRunTable {
  id: Generated<number>
  partner_id: number
  source: string
  feed_kind: Generated<'full' | 'partial'>
  status: Generated<'running' | 'finished' | 'failed'>
  error_code: string | null
  error_detail: string | null
  started_at: string
  finished_at: string | null
  received: Generated<number>
  accepted: Generated<number>
  fixed: Generated<number>
  held: Generated<number>
  rejected: Generated<number>
  unchanged: Generated<number>
  retired: Generated<number>
  photos_failed: Generated<number>
}

/** A partner's record as last imported; `payload` keeps a held record for review. */
export interface FeedRecordTable {
  partner_id: number
  partner_listing_id: string
  listing_id: number | null
  duplicate_of_listing_id: number | null
  content_hash: string
  outcome: 'accepted' | 'fixed' | 'held' | 'rejected'
  reasons: Generated<string>
  payload: string | null
  last_run_id: number
  /** Since when a full feed no longer has the record; it goes off market after the grace period. */
  missing_since: string | null
  updated_at: string
}

/** A record a run reported something about (fixed, held, rejected, or a photo that failed), with its reasons (JSON). */
export interface FeedRunRecordTable {
  id: Generated<number>
  run_id: number
  partner_listing_id: string
  line: number
  outcome: 'accepted' | 'fixed' | 'held' | 'rejected'
  reasons: string
}

/** A partner's photo URL already stored as an upload (document ids of the upload band need a bigint column). */
export interface FeedPhotoTable {
  partner_id: number
  url: string
  document_id: number
  fetched_at: string
}

/**
 * A listing being written or edited in the sellers' tool (issue 15): every step's fields as the
 * seller last saved them (JSON, `listing-draft.ts`), published onto `listing_id` (or a new listing).
 */
export interface ListingDraftTable {
  id: Generated<number>
  account_id: number
  user_id: number
  listing_id: number | null
  data: string
  created_at: string
  updated_at: string
}

/** A first-party ad (issue 17 §8): a broker's (`account_id`) or a finance center's; inclusive 'YYYY-MM-DD' run dates. */
export interface AdTable {
  id: Generated<number>
  account_id: number | null
  finance_center_id: number | null
  headline: string
  body: string
  call_to_action: string
  image_document_id: number | null
  starts_on: string
  ends_on: string
  created_at: string
}

/** A state or county an ad targets (FIPS ids); an ad without any is national. */
export interface AdPlaceTable {
  ad_id: number
  place_kind: 'state' | 'county'
  place_id: number
}

/** An ad's impressions and clicks on one site on one 'YYYY-MM-DD' day (UTC). */
export interface AdDailyStatsTable {
  ad_id: number
  site_id: number
  day: string
  impressions: Generated<number>
  clicks: Generated<number>
}

/** One data-layer event as a browser sent it (issue 17 §7), kept a few days until its day is rolled up. */
export interface AnalyticsEventTable {
  id: Generated<number>
  site_id: number
  /** page-analytics.ts `PageType`. */
  page_type: string
  /** 'page', 'listing', 'search', 'file-download' or 'web-vital'. */
  event: string
  listing_id: number | null
  /** A web vital's name ('LCP', 'CLS', 'FCP') and value (milliseconds, or the layout shift score). */
  metric: string | null
  value: number | null
  created_at: string
}

/** One UTC day's figures of one site and page type, rolled up from `analytics_events`. */
export interface AnalyticsDailyTable {
  /** '2026-05-01'. */
  day: string
  site_id: number
  page_type: string
  page_views: number
  listing_views: number
  searches: number
  file_downloads: number
  /** How many page views measured each web vital, and the day's 75th percentile of it (null for none). */
  lcp_samples: number
  lcp_p75: number | null
  cls_samples: number
  cls_p75: number | null
  fcp_samples: number
  fcp_p75: number | null
}

/** A day claimed by a roll-up run; finished once its figures are written. A claim older than the lease may be taken over. */
export interface AnalyticsRollupTable {
  day: string
  claimed_at: string
  finished_at: string | null
}

/** A browser's log message or client error (spec §7 POST /logging/log/); only the newest are kept. */
export interface ClientLogTable {
  id: Generated<number>
  site_id: number
  /** A spec §3 log severity: 'information' … 'critical-red' (log-severity.ts). */
  severity: string
  message: string
  page_url: Generated<string>
  referring_url: Generated<string>
  user_agent: Generated<string>
  /** React's component stack of a client rendering error; kept here, never printed or answered. */
  component_stack: string | null
  created_at: string
}

/** Searches made on a site in a day, per state (0: the whole country) and search type ('' none). */
export interface SearchCountTable {
  site_id: number
  /** 'YYYY-MM-DD' (UTC). */
  day: string
  state_id: number
  search_type: string
  searches: number
}

/** Requests counted under one key (e.g. 'contact:203.0.113.7') in its current fixed window. */
export interface RateLimitWindowTable {
  key: string
  /** Milliseconds since the epoch (a bigint: PostgreSQL answers it as a string). */
  window_started_at: ColumnType<number | string, number, number>
  count: number
}

/** A form submission done once, by its idempotency key (form-submissions.server.ts). */
export interface FormSubmissionTable {
  key: string
  kind: string
  /**
   * When the attempt doing it claimed it, in milliseconds since the epoch (a bigint: PostgreSQL
   * answers it as a string); an unfinished claim older than its lease is taken over (form-submissions.server.ts).
   */
  created_at: ColumnType<number | string, number, number>
  /** Where the first answer redirected; null while it is being done. */
  result: string | null
}

/** Who runs a scheduled job until when (job-leases.server.ts). */
/** A scheduled job's run (decision 0066); times in milliseconds since the epoch (bigints: PostgreSQL answers strings). */
export interface JobRunTable {
  id: Generated<number>
  name: string
  started_at: ColumnType<number | string, number, number>
  finished_at: ColumnType<number | string | null, number | null, number | null>
  next_due_at: ColumnType<number | string, number, number>
  outcome: 'running' | 'ok' | 'failed'
  /** What the run did, in a few words ('3 lead digests sent'). */
  summary: string | null
  /** A failed run's error message, shortened. */
  error: string | null
  /** The e-mails the run sent and failed to send (migration 0039). */
  mails_sent: Generated<number>
  mails_failed: Generated<number>
}

export interface JobLeaseTable {
  name: string
  /** The process holding it: host, pid and a random part. */
  holder: string
  /** Milliseconds since the epoch (a bigint: PostgreSQL answers it as a string). */
  expires_at: ColumnType<number | string, number, number>
}

/** How far a job has read a stream of rows, e.g. the instant alerts' last `listing_history` id (decision 0071). */
export interface JobCursorTable {
  name: string
  position: number
}

/** An instant alert e-mail that failed, waiting to be tried again (decision 0071, amended). */
export interface InstantAlertRetryTable {
  id: Generated<number>
  user_id: number
  /** JSON: the e-mail's items (instant-alerts.ts `AlertItemToRetry`). */
  items: string
  /** Failed attempts so far. */
  attempts: number
  next_attempt_at: string
  created_at: string
}

/** A counter bumped by every write of one kind of data, e.g. 'listings' (change-generations.server.ts). */
export interface ChangeGenerationTable {
  name: string
  generation: number
}

/** Every place's market for one site scope, as JSON, refreshed by the minute jobs (market-stats.server.ts). */
export interface MarketSnapshotTable {
  scope_bits: number
  listings_generation: number
  refreshed_at: string
  markets: string
}

/** A listing's price per acre beside the median of comparable land (migration 0028, decision 0029). */
export interface ListingPriceContextTable {
  listing_id: number
  area_kind: 'county' | 'region' | 'state'
  area_id: number
  land_use: number
  size_band: number
  comparables: number
  median_price_per_acre: number
  /** Null for a listing without a verdict: an auction, or no price. */
  price_per_acre: number | null
  cheaper_comparables: number | null
  price_per_acre_ratio: number | null
}

/** The comparable land of one place, use and size band: counts, median and samples for the scale. */
export interface PriceContextGroupTable {
  area_kind: 'county' | 'region' | 'state'
  area_id: number
  land_use: number
  size_band: number
  for_sale: number
  sold: number
  median_price_per_acre: number
  for_sale_sample: string
  sold_sample: string
}

/** A listing photo's difference hash (migration 0040, decision 0068): the whole photo or one of its crops. */
export interface ListingPhotoFingerprintTable {
  id: Generated<number>
  listing_id: number
  account_id: number | null
  partner_id: number | null
  hash_high: number
  hash_low: number
  quarter_1: number
  quarter_2: number
  quarter_3: number
  quarter_4: number
}

/** A listing description's MinHash signature (migration 0040), 64 values in hex. */
export interface ListingTextFingerprintTable {
  listing_id: number
  account_id: number | null
  partner_id: number | null
  min_hash: string
}

/** One of a description's 16 band keys: two listings sharing one are compared. */
export interface ListingTextBandTable {
  listing_id: number
  band_key: number
}

/** Why a listing waits for an administrator (the scam screen or buyers' scam reports), and the decision. */
export interface ScamReviewTable {
  id: Generated<number>
  listing_id: number
  cause: 'screen' | 'reports'
  signals: string
  score: number
  status_before: number
  is_held: number
  created_at: string
  decided_at: string | null
  decision: 'approved' | 'removed' | null
  decided_by_user_id: number | null
}

export interface Database {
  states: StateTable
  regions: RegionTable
  counties: CountyTable
  cities: CityTable
  zips: ZipTable
  lakes: LakeTable
  lake_states: LakeStateTable
  listing_lakes: ListingLakeTable
  accounts: AccountTable
  listings: ListingTable
  users: UserTable
  leads: LeadTable
  listing_reports: ListingReportTable
  listing_events: ListingEventTable
  listing_history: ListingHistoryTable
  finance_centers: FinanceCenterTable
  finance_center_locations: FinanceCenterLocationTable
  finance_leads: FinanceLeadTable
  finance_lead_deliveries: FinanceLeadDeliveryTable
  saved_properties: SavedPropertyTable
  saved_searches: SavedSearchTable
  password_resets: PasswordResetTable
  login_tokens: LoginTokenTable
  sessions: SessionTable
  second_factors: SecondFactorTable
  security_events: SecurityEventTable
  feedback: FeedbackTable
  feed_partners: FeedPartnerTable
  feed_runs: FeedRunTable
  feed_records: FeedRecordTable
  feed_run_records: FeedRunRecordTable
  feed_photos: FeedPhotoTable
  listing_drafts: ListingDraftTable
  saved_valuations: SavedValuationTable
  ads: AdTable
  ad_places: AdPlaceTable
  ad_daily_stats: AdDailyStatsTable
  land_requests: LandRequestTable
  analytics_events: AnalyticsEventTable
  analytics_daily: AnalyticsDailyTable
  analytics_rollups: AnalyticsRollupTable
  client_logs: ClientLogTable
  search_counts: SearchCountTable
  rate_limit_windows: RateLimitWindowTable
  form_submissions: FormSubmissionTable
  job_leases: JobLeaseTable
  job_runs: JobRunTable
  listing_photo_fingerprints: ListingPhotoFingerprintTable
  listing_text_fingerprints: ListingTextFingerprintTable
  listing_text_bands: ListingTextBandTable
  scam_reviews: ScamReviewTable
  job_cursors: JobCursorTable
  instant_alert_retries: InstantAlertRetryTable
  change_generations: ChangeGenerationTable
  market_snapshots: MarketSnapshotTable
  listing_price_contexts: ListingPriceContextTable
  price_context_groups: PriceContextGroupTable
  visit_booking_listings: VisitBookingListingTable
  visit_requests: VisitRequestTable
  visit_request_times: VisitRequestTimeTable
}

/** A listing whose seller takes visit bookings (issue 38 item 3). */
export interface VisitBookingListingTable {
  listing_id: number
  created_at: string
}

/** A buyer's request to visit a listing, and where it stands (visit-requests.server.ts). */
export interface VisitRequestTable {
  id: Generated<number>
  listing_id: number
  account_id: number
  site_id: number
  buyer_user_id: number | null
  name: string
  email: string
  phone: string | null
  message: string
  /** The IANA zone the times were proposed in: the listing's state's. */
  time_zone: string
  status: 'requested' | 'countered' | 'agreed' | 'cancelled'
  counter_starts_at: string | null
  agreed_starts_at: string | null
  agreed_at: string | null
  sequence: Generated<number>
  cancelled_by: 'buyer' | 'seller' | null
  reminder_sent_at: string | null
  created_at: string
  updated_at: string
}

/** One of the (one to three) times a buyer proposed. */
export interface VisitRequestTimeTable {
  id: Generated<number>
  visit_request_id: number
  starts_at: string
}

export type ListingRow = Selectable<ListingTable>
export type NewListing = Insertable<ListingTable>
export type AccountRow = Selectable<AccountTable>
export type NewAccount = Insertable<AccountTable>
