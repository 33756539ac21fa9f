import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ActivityType } from '../../../../src/api/enums';
import {
  activityTypesSaveRequested,
  selectActivityTypesSave,
} from '../../../../src/features/settings/settingsSlice';
import { REGISTRATION_COMPLETE_PATH } from '../../../../src/store/registration/registrationSteps';
import { API, settingsStore, testWearer } from './settingsTestKit';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();

function answering(respond: (types: ActivityType[]) => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/activity-types`, async ({ request }) => {
      const body = (await request.json()) as { ActivityTypes: ActivityType[] };
      sent.push(body);
      return respond(body.ActivityTypes);
    }),
  );
  return sent;
}

const echo = (types: ActivityType[]) => HttpResponse.json({ ...testWearer, ActivityTypes: types });

describe('saving the favourite activity types (spec §7 activity-types, policy §5)', () => {
  it('sends the favourites and stores the wearer the server answers', async () => {
    const sent = answering(echo);
    const { store, navigator } = settingsStore();
    store.dispatch(activityTypesSaveRequested({ types: ['KAYAKING', 'SUP'], next: null }));
    await until(() => selectActivityTypesSave(store.getState()).status === 'done');
    expect(sent).toEqual([{ ActivityTypes: ['KAYAKING', 'SUP'] }]);
    expect(store.getState().wearer.wearer?.ActivityTypes).toEqual(['KAYAKING', 'SUP']);
    expect(store.getState().notifications.ids).toHaveLength(1);
    expect(Object.values(store.getState().notifications.entities)[0]).toMatchObject({
      tone: 'success',
      key: 'Settings.Favourites.Saved',
    });
    expect(navigator.paths).toEqual([]);
  });

  it('goes on to the next registration step after saving', async () => {
    answering(echo);
    const { store, navigator } = settingsStore();
    store.dispatch(
      activityTypesSaveRequested({ types: ['HIKING'], next: REGISTRATION_COMPLETE_PATH }),
    );
    await until(() => navigator.paths.length === 1);
    expect(navigator.paths).toEqual(['/member?registrationComplete=true']);
  });

  it.each<[string, ActivityType[], string, Record<string, number>]>([
    ['none', [], 'Validations.FavouritesMin', { min: 1 }],
    [
      'ten',
      [
        'BOATING',
        'CANOEING',
        'CLIMBING',
        'COASTEERING',
        'CYCLING',
        'DRIVE',
        'FISHING',
        'HIKING',
        'HORSE_RIDING',
        'JET_SKIING',
      ],
      'Validations.FavouritesMax',
      { max: 9 },
    ],
  ])('refuses %s without sending anything', (_name, types, key, params) => {
    const sent = answering(echo);
    const { store } = settingsStore();
    store.dispatch(activityTypesSaveRequested({ types, next: null }));
    expect(selectActivityTypesSave(store.getState())).toEqual({
      status: 'failed',
      error: { key, params },
    });
    expect(sent).toEqual([]);
  });

  it('reports a failed save with the detail and keeps the wearer', async () => {
    answering(() => HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'boom' }, { status: 500 }));
    const { store, navigator } = settingsStore();
    store.dispatch(activityTypesSaveRequested({ types: ['HIKING'], next: '/member' }));
    await until(() => selectActivityTypesSave(store.getState()).status === 'failed');
    const error = selectActivityTypesSave(store.getState()).error;
    expect(error).toEqual({
      key: 'Settings.Errors.SaveActivityTypesError',
      detailKey: 'Common.FailureDetail.ServerError',
    });
    expect(store.getState().wearer.wearer?.ActivityTypes).toEqual(['HIKING', 'SAILING']);
    expect(navigator.paths).toEqual([]);
  });
});
