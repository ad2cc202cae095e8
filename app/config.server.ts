import path from 'node:path'

/** Deployment settings, read once from the environment (README "Configuration"). */
export interface AppConfig {
  /** 'production' makes pages indexable; any other value marks every page noindex, nofollow. */
  environment: string
  /** Folder for the SQLite file, uploads, the image cache and the mail outbox. */
  dataDir: string
  /** A postgres:// URL switches the data layer to PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl: string | undefined
  /** smtp://user:password@host:port for outgoing mail; unset writes mail to {dataDir}/outbox. */
  smtpUrl: string | undefined
  /** Extra host → site key pairs, from SITE_HOSTS="landatlas.com=land,farmfinder.com=farm". */
  siteHosts: Record<string, string>
  /**
   * Each site's origin, the only base of the absolute URLs the server writes (mails, canonical
   * links, sitemaps, JSON-LD, webhooks, CSV; decision 0046): site key → origin, from
   * SITE_ORIGINS="land=https://www.landatlas.com,farm=https://…" or one SITE_ORIGIN_LAND (_FARM,
   * _HUNTING, _VALUE) each. A site not named has its development origin, http://{key}.localhost:{port}.
   */
  siteOrigins: Record<string, string>
  /** The port the server listens on (PORT, default 3000): the development origins' port. */
  port: number
  /**
   * Request headers the CDN sets with the visitor's location (from their IP address), for 'Land
   * for Sale Near Me' (spec §2): a zip code ('78701' or '78701-1234') and a state abbreviation
   * ('TX' or 'US-TX'). Defaults x-visitor-zip and x-visitor-state; behind CloudFront set
   * VISITOR_ZIP_HEADER=cloudfront-viewer-postal-code and VISITOR_STATE_HEADER=cloudfront-viewer-country-region.
   */
  visitorHeaders: { zip: string; state: string }
  /**
   * Spec §3 site settings "PropertyControlCenter": an external listing tool where sellers add and
   * manage listings (spec §6: Add Listing and Manage Listings authenticate, then go there),
   * PROPERTY_CONTROL_CENTER_URL. Unset, sellers use the product's own tool (issue 15).
   */
  propertyControlCenterUrl: string | undefined
  /**
   * A production map style (a MapLibre style JSON URL, e.g. from a tile host) for the search page's
   * interactive map, MAP_STYLE_URL; unset, the map draws our own state and county shapes.
   */
  mapStyleUrl: string | undefined
  /**
   * The tag manager's script address with `{id}` for a site's container id (the site profile's
   * `trackingContainerId`), when TAG_MANAGER=on; unset, no third-party script is loaded (the
   * default everywhere). TAG_MANAGER_SCRIPT_URL replaces the tag manager's own address.
   */
  tagManagerScriptUrl: string | undefined
  /**
   * Spec §3 site settings `loginStatusIntervalMinutes`: pages recheck the login status on a
   * mouse-down or touch at most once per this many minutes (spec §4), LOGIN_STATUS_INTERVAL_MINUTES.
   */
  loginStatusIntervalMinutes: number
  /**
   * Spec §7 GET /api/featureflag/{name}: switches named in FEATURE_FLAGS, comma-separated, each on
   * ('newFooter' or 'newFooter=true') or off ('newFooter=false'); a flag not named is off.
   */
  featureFlags: Record<string, boolean>
  /**
   * Which proxies' X-Forwarded-Proto, -Host and -For the server believes (Express's 'trust proxy'),
   * TRUST_PROXY: unset or 'false' none; 'true' any; a number the hops nearest us; else addresses
   * and subnets ('loopback, 10.0.0.0/8'). HTTPS through a trusted proxy makes cookies Secure and sends HSTS.
   */
  trustProxy: boolean | number | string
  /**
   * The server's cache of anonymous pages, per worker process (decision 0026): PAGE_CACHE_MB
   * megabytes (default 64) of compressed pages; PAGE_CACHE=off turns it off (0 bytes).
   */
  pageCacheBytes: number
  /**
   * Who may read `GET /metrics` (issue 37 item 5, decision 0066): a request bearing
   * `Authorization: Bearer {METRICS_TOKEN}`, or from an address or subnet of METRICS_ADDRESSES
   * ('127.0.0.1, 10.0.0.0/8', the client address Express believes under TRUST_PROXY). Neither
   * set, the path is not served (404). The token is a secret: never logged.
   */
  metrics: { token: string | undefined; addresses: string[] }
  /**
   * Whether seeding an empty database adds the demo accounts with their published passwords
   * (README, decision 0050): SEED_DEMO_USERS=1 yes, 0 no; unset, everywhere but production.
   */
  seedDemoUsers: boolean
  /** The resized images kept on disk, IMAGE_CACHE_MB megabytes (default 2048): past it the least recently used go. */
  imageCacheBytes: number
  /** Images one client address may have rendered (asked for uncached) in 10 minutes, IMAGE_RENDERS_PER_CLIENT (default 600). */
  imageRendersPerClient: number
  /**
   * Where uploaded and feed photos are kept (issue 37, decision 0065): PHOTO_STORE unset, the
   * folder {dataDir}/uploads; `s3://bucket/prefix`, a bucket of S3 or a service that speaks its
   * protocol (R2, MinIO) at S3_ENDPOINT, in AWS_REGION. Credentials are not configuration: the AWS
   * SDK reads them (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, a role) and they are never in here.
   */
  photoStore: PhotoStoreSetting
}

export type PhotoStoreSetting = { kind: 'folder' } | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string }

function positiveNumber(value: string | undefined, fallback: number) {
  const number = Number(value)
  return value && Number.isFinite(number) && number > 0 ? number : fallback
}

const defaultTagManagerScriptUrl = 'https://www.googletagmanager.com/gtm.js?id={id}'

function parseSiteHosts(value: string | undefined): Record<string, string> {
  const hosts: Record<string, string> = {}
  for (const pair of (value ?? '').split(',')) {
    const [host, siteKey] = pair.split('=').map((part) => part.trim().toLowerCase())
    if (host && siteKey) hosts[host] = siteKey
  }
  return hosts
}

/** An origin as `new URL` writes it (scheme, host, port), or an error naming the setting. */
function parseOrigin(value: string, setting: string) {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${setting}: '${value}' is not a URL.`)
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === 'null' || `${url.pathname}${url.search}${url.hash}` !== '/') {
    throw new Error(`${setting}: '${value}' must be an origin only, such as https://www.landatlas.com.`)
  }
  return url.origin
}

function parseSiteOrigins(env: NodeJS.ProcessEnv): Record<string, string> {
  const origins: Record<string, string> = {}
  for (const pair of (env.SITE_ORIGINS ?? '').split(',')) {
    const [siteKey, origin] = pair.split(/=(.*)/).map((part) => part?.trim() ?? '')
    if (siteKey && origin) origins[siteKey.toLowerCase()] = parseOrigin(origin, 'SITE_ORIGINS')
  }
  for (const [name, value] of Object.entries(env)) {
    const siteKey = /^SITE_ORIGIN_([A-Z]+)$/.exec(name)?.[1]?.toLowerCase()
    if (siteKey && value?.trim()) origins[siteKey] = parseOrigin(value.trim(), name)
  }
  return origins
}

function parseFeatureFlags(value: string | undefined): Record<string, boolean> {
  const flags: Record<string, boolean> = {}
  for (const entry of (value ?? '').split(',')) {
    const [name, setting = 'true'] = entry.split('=').map((part) => part.trim())
    if (name) flags[name] = setting.toLowerCase() === 'true'
  }
  return flags
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  const setting = value?.trim() ?? ''
  if (setting === '' || setting === 'false') return false
  if (setting === 'true') return true
  return /^\d+$/.test(setting) ? Number(setting) : setting
}

/** PHOTO_STORE, S3_ENDPOINT and the region, or an error naming the setting. */
function parsePhotoStore(env: NodeJS.ProcessEnv): PhotoStoreSetting {
  const setting = env.PHOTO_STORE?.trim()
  if (!setting) return { kind: 'folder' }
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(setting)
  if (!match) throw new Error(`PHOTO_STORE: '${setting}' must be s3://bucket or s3://bucket/prefix, or unset for the folder $DATA_DIR/uploads.`)
  const endpoint = env.S3_ENDPOINT?.trim() || undefined
  if (endpoint) {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`S3_ENDPOINT: '${endpoint}' is not an http(s) URL.`)
  }
  // A service other than AWS takes any region (R2 'auto', MinIO 'us-east-1'); AWS itself needs the bucket's.
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || (endpoint ? 'us-east-1' : undefined)
  if (!region) throw new Error('PHOTO_STORE: an S3 bucket on AWS needs AWS_REGION, the bucket’s region.')
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '')
  return { kind: 's3', bucket: match[1]!, prefix: prefix && `${prefix}/`, endpoint, region }
}

function parseSeedDemoUsers(value: string | undefined, environment: string) {
  if (value === '1' || value === '0') return value === '1'
  return environment !== 'production'
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const environment = env.SITE_ENVIRONMENT ?? (env.NODE_ENV === 'production' ? 'production' : 'development')
  return {
    environment,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    siteHosts: parseSiteHosts(env.SITE_HOSTS),
    siteOrigins: parseSiteOrigins(env),
    port: positiveNumber(env.PORT, 3000),
    visitorHeaders: {
      zip: env.VISITOR_ZIP_HEADER?.trim().toLowerCase() || 'x-visitor-zip',
      state: env.VISITOR_STATE_HEADER?.trim().toLowerCase() || 'x-visitor-state',
    },
    propertyControlCenterUrl: env.PROPERTY_CONTROL_CENTER_URL || undefined,
    mapStyleUrl: env.MAP_STYLE_URL || undefined,
    tagManagerScriptUrl: env.TAG_MANAGER === 'on' ? env.TAG_MANAGER_SCRIPT_URL || defaultTagManagerScriptUrl : undefined,
    loginStatusIntervalMinutes: positiveNumber(env.LOGIN_STATUS_INTERVAL_MINUTES, 5),
    featureFlags: parseFeatureFlags(env.FEATURE_FLAGS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pageCacheBytes: env.PAGE_CACHE === 'off' ? 0 : positiveNumber(env.PAGE_CACHE_MB, 64) * 1024 * 1024,
    seedDemoUsers: parseSeedDemoUsers(env.SEED_DEMO_USERS, environment),
    metrics: {
      token: env.METRICS_TOKEN?.trim() || undefined,
      addresses: (env.METRICS_ADDRESSES ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    },
    imageCacheBytes: positiveNumber(env.IMAGE_CACHE_MB, 2048) * 1024 * 1024,
    imageRendersPerClient: positiveNumber(env.IMAGE_RENDERS_PER_CLIENT, 600),
    photoStore: parsePhotoStore(env),
  }
}
