import type { Action } from '@reduxjs/toolkit';
import { filter, map, type OperatorFunction } from 'rxjs';
import type { EntityType } from '../../api/enums';
import type { EntityChange } from '../../api/socket';
import { entityChangesReceived } from '../realtime/realtimeSlice';
import { ofAction } from '../operators/ofAction';

/**
 * From the actions, the changes of the given entity types in each EntityChanges batch (spec §7
 * Realtime; payload of `entityChangesReceived`), in commit order; batches without one are skipped.
 */
export function changesOf(
  ...types: readonly EntityType[]
): OperatorFunction<Action, EntityChange[]> {
  const wanted = new Set(types);
  return (action$) =>
    action$.pipe(
      ofAction(entityChangesReceived),
      map(({ payload }) => payload.filter((change) => wanted.has(change.EntityType))),
      filter((changes) => changes.length > 0),
    );
}
