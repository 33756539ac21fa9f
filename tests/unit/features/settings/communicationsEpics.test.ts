import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMUNICATION_OPTIONS } from '../../../../src/api/entities/communication';
import { marketingOptInTimestamp } from '../../../../src/features/settings/communications/communicationsEpics';
import {
  communicationsSaveRequested,
  selectCommunicationsSave,
} from '../../../../src/features/settings/settingsSlice';
import { API, NOW, settingsStore, testWearer } from './settingsTestKit';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();

function serve(respond: () => Response = () => HttpResponse.json({ Success: true })) {
  const sent: unknown[] = [];
  let reloads = 0;
  server.use(
    http.post(`${API}/member-wearer-update-communication-options`, async ({ request }) => {
      sent.push(await request.json());
      return respond();
    }),
    http.get(`${API}/load-member-wearer`, () => {
      reloads += 1;
      return HttpResponse.json(testWearer);
    }),
  );
  return { sent, reloads: () => reloads };
}

describe('marketingOptInTimestamp (spec §3 MarketingOptInTimestamp)', () => {
  it.each([
    ['off, switched on', null, true, NOW],
    ['off, left off', null, false, null],
    ['on, left on', 1_600_000_000_000, true, 1_600_000_000_000],
    ['on, switched off', 1_600_000_000_000, false, null],
  ])('%s', (_name, current, optedIn, expected) => {
    expect(marketingOptInTimestamp(current, optedIn, NOW)).toBe(expected);
  });
});

describe('saving the communication settings (spec §7 member-wearer-update-communication-options)', () => {
  it('sends the nine options and the opt-in time, then reloads the wearer', async () => {
    const { sent, reloads } = serve();
    const { store } = settingsStore();
    const options = { ...DEFAULT_COMMUNICATION_OPTIONS, NotifyWind: false };
    store.dispatch(communicationsSaveRequested({ options, marketing: true }));
    await until(() => selectCommunicationsSave(store.getState()).status === 'done');
    expect(sent).toEqual([{ CommunicationOptions: options, MarketingOptInTimestamp: NOW }]);
    await until(() => reloads() === 1);
    expect(Object.values(store.getState().notifications.entities)).toMatchObject([
      { tone: 'success', key: 'Settings.Communications.Saved' },
    ]);
  });

  it("keeps the wearer's opt-in time when the switch stays on", async () => {
    const { sent } = serve();
    const { store } = settingsStore({
      wearer: { ...testWearer, MarketingOptInTimestamp: 1_600_000_000_000 },
    });
    store.dispatch(
      communicationsSaveRequested({ options: DEFAULT_COMMUNICATION_OPTIONS, marketing: true }),
    );
    await until(() => selectCommunicationsSave(store.getState()).status === 'done');
    expect(sent).toMatchObject([{ MarketingOptInTimestamp: 1_600_000_000_000 }]);
  });

  it.each([
    [
      'an HTTP failure',
      () => HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'db down' }, { status: 500 }),
      { detailKey: 'Common.FailureDetail.ServerError' },
    ],
    [
      'Success: false',
      () => HttpResponse.json({ Success: false }),
      { detailKey: 'Common.FailureDetail.Refused' },
    ],
  ])(
    "reports %s as 'Set Member communications Error' with the detail",
    async (_n, respond, detail) => {
      const { reloads } = serve(respond);
      const { store } = settingsStore();
      store.dispatch(
        communicationsSaveRequested({ options: DEFAULT_COMMUNICATION_OPTIONS, marketing: false }),
      );
      await until(() => selectCommunicationsSave(store.getState()).status === 'failed');
      const error = selectCommunicationsSave(store.getState()).error;
      expect(error).toEqual({ key: 'Settings.Errors.SetCommunicationsError', ...detail });
      expect(reloads()).toBe(0);
    },
  );
});
