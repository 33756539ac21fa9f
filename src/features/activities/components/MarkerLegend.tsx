import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MARKER_COLOURS,
  type MapMarker,
  type MapMarkerKind,
} from '../../../ui/map/layers/markerLayers';

/** The legend's order: the track's ends, then what happened along it. */
const KINDS: readonly MapMarkerKind[] = ['start', 'end', 'alert', 'note', 'message'];

/**
 * The key to the replay map's markers (src/ui/map/trackEventMarkers.ts): a swatch of each kind's
 * colour with its name, for the kinds `markers` holds only. Nothing when there are no markers.
 * Memoized: the replay map around it renders in every animation frame while it plays.
 */
export const MarkerLegend = memo(function MarkerLegend({
  markers,
}: {
  markers: readonly MapMarker[];
}) {
  const { t } = useTranslation();
  const present = KINDS.filter((kind) => markers.some((marker) => marker.kind === kind));
  if (present.length === 0) return null;
  return (
    <ul className="ll-marker-legend" aria-label={t('Activities.Replay.Legend')}>
      {present.map((kind) => {
        const [r, g, b] = MARKER_COLOURS[kind];
        return (
          <li key={kind}>
            <span
              className="ll-marker-swatch"
              aria-hidden="true"
              style={{ background: `rgb(${String(r)} ${String(g)} ${String(b)})` }}
            />
            {t(`Activities.Replay.Markers.${kind}`)}
          </li>
        );
      })}
    </ul>
  );
});
