/**
 * One track point as the GPX writer takes it: `time` epoch ms, `lon`/`lat` degrees, `ele` metres and
 * `heartRate` beats per minute (null or absent: not recorded).
 */
export interface GpxPoint {
  readonly time: number;
  readonly lon: number;
  readonly lat: number;
  readonly ele: number | null;
  readonly heartRate?: number | null;
}

/** Garmin's TrackPointExtension v1, which GPX readers (togeojson, Strava, Garmin) take heart rate from. */
const GPXTPX_NS = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v1';

/** One track of a GPX file: a name, a type (the activity type) and its points in time order. */
export interface GpxTrack {
  readonly name: string;
  readonly type: string;
  readonly points: Iterable<GpxPoint>;
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** Degrees with 7 decimals (≈ 1 cm) without trailing zeros. */
function degrees(value: number): string {
  return String(Math.round(value * 1e7) / 1e7);
}

/** A point's heart rate as Garmin's TrackPointExtension (whole beats per minute), '' when unknown. */
function heartRateExtension(bpm: number | null | undefined): string {
  if (bpm === null || bpm === undefined || !Number.isFinite(bpm)) return '';
  const hr = String(Math.round(bpm));
  return `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${hr}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>`;
}

/**
 * A GPX 1.1 document (issue 7 item 5: export of an activity or a journey) with one `<trk>` per track,
 * one `<trkseg>` each; every point with `lat`/`lon` (7 decimals), `<ele>` (m, 0.1 m) when known,
 * `<time>` in UTC ISO 8601 and, when known, its heart rate in whole beats per minute as Garmin's
 * TrackPointExtension v1 (`<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>`, after `<time>` as
 * GPX 1.1 orders a point's children). `creator` names the app. Names and types are XML-escaped.
 * @throws {RangeError} when a point's time is not a valid date
 */
export function toGpx(tracks: readonly GpxTrack[], creator = 'Lifeline'): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${escapeXml(creator)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="${GPXTPX_NS}">`,
  ];
  for (const track of tracks) {
    parts.push(
      '  <trk>',
      `    <name>${escapeXml(track.name)}</name>`,
      `    <type>${escapeXml(track.type)}</type>`,
      '    <trkseg>',
    );
    for (const p of track.points) {
      const ele =
        p.ele === null || !Number.isFinite(p.ele)
          ? ''
          : `<ele>${String(Math.round(p.ele * 10) / 10)}</ele>`;
      parts.push(
        `      <trkpt lat="${degrees(p.lat)}" lon="${degrees(p.lon)}">${ele}<time>${new Date(p.time).toISOString()}</time>${heartRateExtension(p.heartRate)}</trkpt>`,
      );
    }
    parts.push('    </trkseg>', '  </trk>');
  }
  parts.push('</gpx>', '');
  return parts.join('\n');
}

/**
 * The points of a columnar track (time epoch ms, interleaved [lon, lat] degrees, alt m, heart rate
 * bpm; NaN unknown, `heartRate` absent: none recorded).
 */
export function* columnPoints(columns: {
  readonly length: number;
  readonly time: Float64Array;
  readonly positions: Float64Array;
  readonly alt: Float32Array;
  readonly heartRate?: Float32Array;
}): Generator<GpxPoint> {
  for (let i = 0; i < columns.length; i += 1) {
    const alt = columns.alt[i] ?? Number.NaN;
    const heartRate = columns.heartRate?.[i] ?? Number.NaN;
    yield {
      time: columns.time[i] ?? 0,
      lon: columns.positions[2 * i] ?? 0,
      lat: columns.positions[2 * i + 1] ?? 0,
      ele: Number.isNaN(alt) ? null : alt,
      heartRate: Number.isNaN(heartRate) ? null : heartRate,
    };
  }
}

/** Offers `text` to the browser as a download named `filename` (a GPX file). */
export function downloadGpx(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/gpx+xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
