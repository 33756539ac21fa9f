import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activitySummariesRequested } from '../../store/activities/activitySummariesSlice';
import { useAppDispatch } from '../../store/hooks';
import { LoadingScreen } from '../../ui/layout/LoadingScreen';
import { lazyChunk } from '../../ui/lazyChunk';

// The screen (and, lazily within it, the map) loads with the route, not with the app.
const JourneyPage = lazyChunk(() => import('./pages/JourneyPage').then((m) => m.JourneyPage));

/**
 * /member/share-journey's element (render-as-you-fetch): as the route is entered it asks for the
 * summaries the journey screen opens on (useDefaultJourney: the last 365 days up to the moment the
 * route opened), while the screen's chunk loads, then shows the screen for that same moment, so the
 * screen's own request finds them cached. Waiting for the screen instead would start every journey
 * load after the chunk and after React's reveal of suspended content (up to 300 ms later).
 */
export function JourneyRoute() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [openedAtMs] = useState(() => Date.now());
  useEffect(() => {
    dispatch(activitySummariesRequested({ toMs: openedAtMs }));
  }, [dispatch, openedAtMs]);
  return (
    <Suspense fallback={<LoadingScreen label={t('Common.Loading')} />}>
      <JourneyPage openedAtMs={openedAtMs} />
    </Suspense>
  );
}
