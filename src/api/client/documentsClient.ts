import type { ClientDocument } from '../entities/client';
import { HttpError, NetworkError } from './apiErrors';

/** The path of a client's document (spec §7 "Documents: docs/{clientId}/{filename}?v={lastUpdate}"). */
export function documentPath(
  clientId: number,
  doc: Pick<ClientDocument, 'Filename' | 'LastUpdateTimestamp'>,
): string {
  return `/docs/${clientId}/${encodeURIComponent(doc.Filename)}?v=${doc.LastUpdateTimestamp}`;
}

/** Fetches a document's text. Rejects with {@link NetworkError} or {@link HttpError}. */
export async function fetchDocumentText(doFetch: typeof fetch, path: string): Promise<string> {
  let response: Response;
  try {
    response = await doFetch(path);
  } catch (cause) {
    throw new NetworkError('document', cause);
  }
  if (!response.ok)
    throw new HttpError('document', response.status, 'NOT_FOUND', response.statusText);
  return response.text();
}

/**
 * The document of `type` for a language: the one in `language`, else English, else any (spec §4
 * "the client's EULA and privacy policy for the member's locale").
 */
export function documentFor(
  documents: readonly ClientDocument[],
  type: ClientDocument['Type'],
  language: string,
): ClientDocument | null {
  const ofType = documents.filter((d) => d.Type === type);
  return (
    ofType.find((d) => d.Locale === language) ??
    ofType.find((d) => d.Locale === 'en') ??
    ofType[0] ??
    null
  );
}
