import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadActivityData } from '../../store/activityData';
import { useAppDispatch } from '../../store/hooks';
import { LoadingScreen } from '../../ui/layout/LoadingScreen';
import { lazyChunk } from '../../ui/lazyChunk';
import { useServerClockOffset } from '../../ui/time/serverClock';

// The screen (and, lazily within it, the map) loads with the route, not with the app.
const JourneyPage = lazyChunk(() => import('./pages/JourneyPage').then((m) => m.JourneyPage), {
  needs: loadActivityData,
});

/**
 * /member/share-journey's element (render-as-you-fetch): as the route is entered it asks for the
 * summaries the journey screen opens on (useDefaultJourney: the last 365 days up to the moment the
 * route opened) as soon as the store's activity data is in (src/store/activityData.ts; a failed load
 * is the screen's to report), while the screen's chunk loads. It then shows the screen for that same
 * moment, so the screen's own request finds them cached. Waiting for the screen instead would start
 * every journey load after the chunk and after React's reveal of suspended content (up to 300 ms
 * later).
 */
export function JourneyRoute() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // On the server's clock (the activities' times are): a member's slow clock would cut off the
  // activity that started in the last minutes. It moves once, when the first SocketInit measures it.
  const [openedOnDeviceMs] = useState(() => Date.now());
  const openedAtMs = openedOnDeviceMs + useServerClockOffset();
  useEffect(() => {
    let entered = true;
    // The slice loads with the activity data, not with this route's table in the login route's JS.
    Promise.all([loadActivityData(), import('../../store/activities/activitySummariesSlice')]).then(
      ([, { activitySummariesRequested }]) => {
        if (entered) dispatch(activitySummariesRequested({ toMs: openedAtMs }));
      },
      () => undefined,
    );
    return () => {
      entered = false;
    };
  }, [dispatch, openedAtMs]);
  return (
    <Suspense fallback={<LoadingScreen label={t('Common.Loading')} />}>
      <JourneyPage openedAtMs={openedAtMs} />
    </Suspense>
  );
}
