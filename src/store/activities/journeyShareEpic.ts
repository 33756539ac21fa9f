import { catchError, concat, defer, exhaustMap, map, of } from 'rxjs';
import { shareJourney } from '../../api/calls/memberIntegrationShareJourney';
import type { AppEpic } from '../epic';
import { notify } from '../notifications/notify';
import {
  journeyShared,
  journeyShareFailed,
  journeyShareRequested,
  journeyShareStarted,
} from './journeySlice';
import { memberCallsFor } from './memberCalls';
import { ofAction } from '../operators/ofAction';

/** Translation key of the notice when a journey cannot be shared (locales/en/Journey.json). */
export const JOURNEY_SHARE_FAILED_KEY = 'Journey.Share.Failed';

/**
 * `journeyShareRequested({ JourneyStart, JourneyEnd, VanityStub? })` → share-journey (spec §7; one at
 * a time: a click while one is in flight is ignored) → `journeyShared` with the `ShareUrl` and
 * `ShortCode` (null until the central service's short links exist), or `journeyShareFailed` and a
 * translated error notice (no answer, or the server refused: a bad span or VanityStub is a 400).
 */
export const journeyShareEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(journeyShareRequested),
    exhaustMap(({ payload }) => {
      const span = { JourneyStart: payload.JourneyStart, JourneyEnd: payload.JourneyEnd };
      const request =
        payload.VanityStub === undefined ? span : { ...span, VanityStub: payload.VanityStub };
      return concat(
        of(journeyShareStarted(span)),
        defer(() => memberCallsFor(() => state$.value, deps).call(shareJourney, request)).pipe(
          map((answer) =>
            journeyShared({ ...span, ShareUrl: answer.ShareUrl, ShortCode: answer.ShortCode }),
          ),
          catchError(() =>
            of(journeyShareFailed(span), notify(deps, 'error', JOURNEY_SHARE_FAILED_KEY)),
          ),
        ),
      );
    }),
  );
