import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fitTracks } from './fitTracks';
import { gpxTracks } from './gpxTracks';
import { tcxTracks } from './tcxTracks';
import type { Track } from './track';
import { parseXmlDocument } from './xmlDocument';

/** File extensions {@link parseTrackFile} reads (lower case, with the dot). */
export const TRACK_FILE_EXTENSIONS = ['.gpx', '.tcx', '.fit'] as const;
type TrackFileExtension = (typeof TRACK_FILE_EXTENSIONS)[number];

/** The extension of `fileName`, lower case; throws an Error naming the file when it is not a track's. */
function trackFileExtension(fileName: string): TrackFileExtension {
  const extension = path.extname(fileName).toLowerCase();
  const known = TRACK_FILE_EXTENSIONS.find((candidate) => candidate === extension);
  if (known) return known;
  const expected = TRACK_FILE_EXTENSIONS.join(', ');
  throw new Error(`${fileName}: unknown track file type "${extension}" (expected ${expected})`);
}

/**
 * The tracks in a track file's `bytes` (issue 5 item 6), by the extension of `fileName` (any case):
 * `.gpx` (GPX 1.0/1.1, gpxTracks.ts) and `.tcx` (Garmin TCX, tcxTracks.ts) read as UTF-8 XML through
 * @tmcw/togeojson, `.fit` (Garmin FIT, fitTracks.ts) through fit-file-parser. Each track has at least
 * one point, in strictly increasing time; a file without any timed position gives `[]`.
 * Throws an Error naming the file for another extension, malformed XML or an unreadable FIT file.
 */
export async function parseTrackFile(fileName: string, bytes: Uint8Array): Promise<Track[]> {
  const extension = trackFileExtension(fileName);
  const name = path.basename(fileName);
  if (extension === '.fit') return fitTracks(bytes, name);
  const document = parseXmlDocument(new TextDecoder('utf-8').decode(bytes), name);
  return extension === '.gpx' ? gpxTracks(document, name) : tcxTracks(document, name);
}

/**
 * The tracks of the file at `filePath` (see {@link parseTrackFile}). Throws an Error naming the file
 * for an unknown extension, or when it cannot be read (missing, a directory, no permission) or parsed.
 */
export async function readTrackFile(filePath: string): Promise<Track[]> {
  trackFileExtension(filePath);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${filePath}: cannot read the track file (${reason})`, { cause: error });
  }
  return parseTrackFile(filePath, bytes);
}
