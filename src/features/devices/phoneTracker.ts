/** Path of the device ingest endpoint speaking the OsmAnd protocol, under the member's domain. */
export const OSMAND_INGEST_PATH = '/ingest/osmand';

/**
 * The server URL a phone tracker app (Traccar Client or any OsmAnd-protocol app) posts positions to:
 * the member's `DomainUrl` (app §3 Member) followed by {@link OSMAND_INGEST_PATH}; the app's device
 * identifier is the device's `IngestKey`.
 */
export function trackerServerUrl(domainUrl: string): string {
  return `${domainUrl.replace(/\/+$/, '')}${OSMAND_INGEST_PATH}`;
}
