import { FormMessage } from '../forms/FormMessage';
import './searchlightArrow.css';

export interface SearchlightArrowProps {
  /**
   * How far the arrow turns clockwise from straight up, degrees (bearing to the target less the
   * device's heading; store selector `selectSearchlightArrowRotation`). Null: no direction (no
   * bearing yet, or standing on the target): the arrow is not drawn.
   */
  readonly rotationDeg: number | null;
  /** The distance to the target, formatted and translated (e.g. "343 km"). */
  readonly distanceText: string;
  /** The cardinal direction of the bearing, translated (e.g. "SSE"). */
  readonly sectorText: string;
  /** What the arrow says to a screen reader, translated (e.g. "The wearer is 343 km away, south-south-east"). */
  readonly label: string;
  /** The heading is stale (older than 10 s, spec §9): the arrow is dimmed and `staleText` shown. */
  readonly stale: boolean;
  /** Shown while `stale`, translated (e.g. "The direction may be out of date"). */
  readonly staleText?: string;
  /** A location error, translated (an alert). */
  readonly errorText?: string | null;
  /** A warning, translated (e.g. no compass; a polite status). */
  readonly warningText?: string | null;
}

/**
 * The searchlight's arrow (issue 8 item 5; spec application-behaviour §4 Searchlight): an SVG arrow
 * pointing up, turned by a CSS `rotate` of `rotationDeg`, with the distance and cardinal direction
 * beneath, and the location error or compass warning. Presentational: texts come translated.
 */
export function SearchlightArrow({
  rotationDeg,
  distanceText,
  sectorText,
  label,
  stale,
  staleText,
  errorText,
  warningText,
}: SearchlightArrowProps) {
  return (
    <div className={stale ? 'll-searchlight ll-searchlight-stale' : 'll-searchlight'}>
      {rotationDeg === null ? null : (
        <svg
          className="ll-searchlight-arrow"
          viewBox="0 0 100 100"
          role="img"
          aria-label={label}
          data-stale={stale}
          style={{ transform: `rotate(${rotationDeg}deg)` }}
        >
          <circle cx="50" cy="50" r="46" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M50 10 L74 78 L50 64 L26 78 Z" fill="currentColor" />
        </svg>
      )}
      <p className="ll-searchlight-readout">
        {distanceText} {sectorText}
      </p>
      {stale && staleText ? <p className="ll-searchlight-note">{staleText}</p> : null}
      {errorText ? <FormMessage tone="error">{errorText}</FormMessage> : null}
      {warningText ? <FormMessage tone="info">{warningText}</FormMessage> : null}
    </div>
  );
}
