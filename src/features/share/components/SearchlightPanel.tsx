import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLon } from '../../../api/geo/haversine';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  searchlightEnabledChanged,
  searchlightRequestChanged,
  searchlightTargetChanged,
  selectSearchlight,
  selectSearchlightArrowRotation,
  selectSearchlightCardinal,
  selectSearchlightDistanceM,
  selectSearchlightHeadingStale,
  selectSearchlightVisible,
} from '../../../store/searchlight/searchlightSlice';
// The compass permission must be asked inside the tap itself (iOS), so the button calls it directly.
import { requestCompassPermission } from '../../../streams/compass';
import type { Formatter, Measure } from '../../../ui/format';
import { SearchlightArrow } from '../../../ui/searchlight/SearchlightArrow';
import { useWallClock } from '../../../ui/time/useWallClock';

/**
 * The searchlight on a share view (issue 8 item 5; spec app §4 "Searchlight"): "Show me the way" turns
 * it on (asking for the compass where the browser needs that), and while the viewer's own position is
 * known an arrow points from it to the wearer (`target`), with the distance and the 16-point direction.
 * The geolocation and compass rules (throttles, rounding, staleness) are the store's epics.
 */
export function SearchlightPanel({
  target,
  format,
  text,
}: {
  target: LatLon | null;
  format: Formatter;
  text: (m: Measure) => string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectSearchlight);
  const visible = useAppSelector(selectSearchlightVisible);
  const rotation = useAppSelector(selectSearchlightArrowRotation);
  const distanceM = useAppSelector(selectSearchlightDistanceM);
  const cardinal = useAppSelector(selectSearchlightCardinal);
  // The heading's staleness counts only while the arrow shows: a hidden searchlight costs no tick.
  const now = useWallClock((nowMs) => (state.requested && visible ? nowMs + 1_000 : null));
  const stale = useAppSelector((s) => selectSearchlightHeadingStale(s, now));
  const [compassNote, setCompassNote] = useState<string | null>(null);

  useEffect(() => {
    dispatch(searchlightEnabledChanged(true));
    return () => {
      dispatch(searchlightRequestChanged(false));
      dispatch(searchlightEnabledChanged(false));
    };
  }, [dispatch]);
  const lat = target?.lat;
  const lon = target?.lon;
  const requested = state.requested;
  // The wearer's position goes to the store only while the viewer asked for the searchlight: a
  // store update (and a render of every subscriber) per fix for a searchlight put away was a
  // second render per fix on every share page.
  useEffect(() => {
    if (!requested) return;
    dispatch(
      searchlightTargetChanged(lat === undefined || lon === undefined ? null : { lat, lon }),
    );
  }, [dispatch, lat, lon, requested]);

  const toggle = () => {
    if (state.requested) {
      dispatch(searchlightRequestChanged(false));
      return;
    }
    void requestCompassPermission().then((permission) => {
      setCompassNote(
        permission === 'denied'
          ? t('Searchlight.CompassHasToBeAllowed')
          : permission === 'unsupported'
            ? t('Searchlight.CompassNotSupported')
            : null,
      );
    });
    dispatch(searchlightRequestChanged(true));
  };

  const distance = distanceM === null ? '' : text(format.distance(distanceM));
  return (
    <section className="ll-share-searchlight" aria-labelledby="share-searchlight-title">
      <h2 id="share-searchlight-title">{t('Searchlight.Title')}</h2>
      <button type="button" className="ll-button" aria-pressed={state.requested} onClick={toggle}>
        {state.requested ? t('Searchlight.Hide') : t('Searchlight.Show')}
      </button>
      {state.requested && visible ? (
        <SearchlightArrow
          rotationDeg={rotation}
          distanceText={distance}
          sectorText={cardinal ? t(`Searchlight.Cardinal.${cardinal}`) : ''}
          label={t('Searchlight.ArrowLabel', {
            distance,
            direction: cardinal ? t(`Searchlight.CardinalName.${cardinal}`) : '',
          })}
          stale={stale}
          staleText={t('Searchlight.StaleHeading')}
          errorText={state.error ? t(state.error) : null}
          warningText={compassNote ?? (state.warning ? t(state.warning) : null)}
        />
      ) : state.requested && state.error ? (
        <p role="alert">{t(state.error)}</p>
      ) : null}
    </section>
  );
}
