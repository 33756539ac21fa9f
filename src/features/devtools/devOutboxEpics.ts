import { catchError, defer, from, map, of, switchMap } from 'rxjs';
import { fetchDevOutbox } from '../../api/client/devOutboxClient';
import type { AppEpic } from '../../store/epic';
import { devOutboxFailed, devOutboxLoaded, devOutboxRequested } from './devOutboxSlice';
import { ofAction } from '../../store/operators/ofAction';

/** devOutboxRequested → GET /api/dev/outbox?to= → devOutboxLoaded | devOutboxFailed. */
export const devOutboxEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(devOutboxRequested),
    switchMap(({ payload }) =>
      defer(() => from(fetchDevOutbox(deps.fetch, payload.to))).pipe(
        map((outbox) => devOutboxLoaded(outbox.Messages)),
        catchError((error: unknown) =>
          of(devOutboxFailed(error instanceof Error ? error.message : String(error))),
        ),
      ),
    ),
  );

export const devtoolsEpics: AppEpic[] = [devOutboxEpic];
