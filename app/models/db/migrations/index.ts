import type { Migration } from 'kysely'
import * as places from './0001-places'
import * as accountsListingsUsers from './0002-accounts-listings-users'
import * as searchIndexes from './0003-search-indexes'
import * as widerRankIndexes from './0004-wider-rank-indexes'
import * as leadsReportsEvents from './0005-leads-reports-events'
import * as brokerListingIndex from './0006-broker-listing-index'
import * as financeCenters from './0007-finance-centers'
import * as favoritesSavedSearchesPasswordResets from './0008-favorites-saved-searches-password-resets'
import * as soldIndexes from './0009-sold-indexes'
import * as savedSearchAlerts from './0010-saved-search-alerts'
import * as coveringSortIndexes from './0011-covering-sort-indexes'
import * as partnerFeeds from './0012-partner-feeds'
import * as financeLeadWebhooks from './0013-finance-lead-webhooks'
import * as sellerTool from './0014-seller-tool'
import * as savedValuations from './0015-saved-valuations'
import * as landsConnector from './0016-lands-connector'
import * as lakes from './0017-lakes'
import * as clientLogsAndSearchCounts from './0018-client-logs-and-search-counts'
import * as loginTokens from './0019-login-tokens'
import * as analytics from './0020-analytics'
import * as ads from './0021-ads'
import * as listingExternalLinks from './0023-listing-external-links'
import * as rateLimits from './0024-rate-limits'
import * as jobLeasesAndChangeGenerations from './0025-job-leases-and-change-generations'
import * as marketSnapshots from './0026-market-snapshots'
import * as listingHistory from './0027-listing-history'
import * as priceContexts from './0028-price-contexts'
import * as feedRecordLinks from './0029-feed-record-links'
import * as formSubmissions from './0030-form-submissions'
import * as sessions from './0031-sessions'
import * as secondFactorAndSecurityEvents from './0032-second-factor-and-security-events'
import * as signUpConfirmation from './0033-sign-up-confirmation'
import * as saleProvenance from './0035-sale-provenance'
import * as jobRuns from './0038-job-runs'
import * as jobRunMails from './0039-job-run-mails'
import * as scamScreen from './0040-scam-screen'
import * as replyTimes from './0041-reply-times'
import * as visitBookings from './0042-visit-bookings'
import * as instantAlerts from './0043-instant-alerts'
import * as instantAlertRetries from './0044-instant-alert-retries'

/** Numbered migrations, applied in key order; a new one is a new file and a new line here. */
export const migrations: Record<string, Migration> = {
  '0001-places': places,
  '0002-accounts-listings-users': accountsListingsUsers,
  '0003-search-indexes': searchIndexes,
  '0004-wider-rank-indexes': widerRankIndexes,
  '0005-leads-reports-events': leadsReportsEvents,
  '0006-broker-listing-index': brokerListingIndex,
  '0007-finance-centers': financeCenters,
  '0008-favorites-saved-searches-password-resets': favoritesSavedSearchesPasswordResets,
  '0009-sold-indexes': soldIndexes,
  '0010-saved-search-alerts': savedSearchAlerts,
  '0011-covering-sort-indexes': coveringSortIndexes,
  '0012-partner-feeds': partnerFeeds,
  '0013-finance-lead-webhooks': financeLeadWebhooks,
  '0014-seller-tool': sellerTool,
  '0015-saved-valuations': savedValuations,
  '0016-lands-connector': landsConnector,
  '0017-lakes': lakes,
  '0018-client-logs-and-search-counts': clientLogsAndSearchCounts,
  '0019-login-tokens': loginTokens,
  '0020-analytics': analytics,
  '0021-ads': ads,
  '0023-listing-external-links': listingExternalLinks,
  '0024-rate-limits': rateLimits,
  '0025-job-leases-and-change-generations': jobLeasesAndChangeGenerations,
  '0026-market-snapshots': marketSnapshots,
  '0027-listing-history': listingHistory,
  '0028-price-contexts': priceContexts,
  '0029-feed-record-links': feedRecordLinks,
  '0030-form-submissions': formSubmissions,
  '0031-sessions': sessions,
  '0032-second-factor-and-security-events': secondFactorAndSecurityEvents,
  '0033-sign-up-confirmation': signUpConfirmation,
  '0035-sale-provenance': saleProvenance,
  '0038-job-runs': jobRuns,
  '0039-job-run-mails': jobRunMails,
  '0040-scam-screen': scamScreen,
  '0041-reply-times': replyTimes,
  '0042-visit-bookings': visitBookings,
  '0043-instant-alerts': instantAlerts,
  '0044-instant-alert-retries': instantAlertRetries,
}
