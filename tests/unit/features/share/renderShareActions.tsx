import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { SetupServer } from 'msw/node';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import type { Alert } from '../../../../src/api/entities/alert';
import type { MessageThread } from '../../../../src/api/entities/message';
import { AlertActions } from '../../../../src/features/share/components/AlertActions';
import { GuardianName } from '../../../../src/features/share/components/GuardianName';
import { MessagePanel } from '../../../../src/features/share/components/MessagePanel';
import { useShareFormat } from '../../../../src/features/share/shareFormat';
import { ServerClock } from '../../../../src/app/ServerClock';
import { selectAlertsOfActivity } from '../../../../src/store/activities/alertsSlice';
import { useAppDispatch, useAppSelector } from '../../../../src/store/hooks';
import { sharedViewRequested } from '../../../../src/store/shares/sharedViewsSlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { detail } from '../../store/activities/activityTestKit';
import { testDependencies } from '../../store/testDependencies';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';

/** The share viewer's server in these tests. */
export const C2_URL = 'https://c2.lifeline.example';
const API = `${C2_URL}/api/member-integration-public`;

/** An unsigned JWT-shaped share token of activity 7 on {@link C2_URL}. */
export const TOKEN = (() => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { C2Url: C2_URL, MemberID: 1, ClientID: 1, WearerID: 1, ActivityId: 7 };
  return `${part({ alg: 'HS256', kid: 'k1' })}.${part(claims)}.c2lnbmF0dXJl`;
})();

/** A request a test's server received: the call name and its JSON body. */
export interface Received {
  readonly call: string;
  readonly body: Record<string, unknown>;
}

/** What the fake server answers each call with (a JSON body, or a full Response). */
export interface ShareAnswers {
  readonly alerts?: () => Alert[];
  readonly thread?: () => MessageThread;
  readonly 'message-send'?: (body: Record<string, unknown>) => Response;
  readonly 'alert-add-note'?: (body: Record<string, unknown>) => Response;
  readonly 'alert-resolve-pause'?: (body: Record<string, unknown>) => Response;
}

/** A JSON answer of `status` (200 by default). */
export const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

/** The share view's actions as the page arranges them: name, alert actions, messages. */
function ShareActionsView() {
  const dispatch = useAppDispatch();
  const { format } = useShareFormat();
  useEffect(() => {
    dispatch(sharedViewRequested({ ShareToken: TOKEN }));
  }, [dispatch]);
  const alerts = useAppSelector((state) => selectAlertsOfActivity(state, 7));
  return (
    <>
      <GuardianName />
      <AlertActions shareToken={TOKEN} alerts={alerts} format={format} />
      <MessagePanel shareToken={TOKEN} activityId={7} format={format} />
    </>
  );
}

/**
 * Renders the share viewer's actions for the share {@link TOKEN} of activity 7 with the store's epics
 * (the share-actions epics among them) over msw; `server` answers per `answers`; `storage` is this browser's
 * (jsdom's localStorage). The store's server clock offset is provided as the app does. Resolves once
 * the thread is shown.
 */
export async function renderShareActions(server: SetupServer, answers: ShareAnswers = {}) {
  const received: Received[] = [];
  const record = async (call: string, request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    received.push({ call, body });
    return body;
  };
  const start = Date.UTC(2026, 10, 22, 12);
  server.use(
    http.post(`${API}/activity-sharing`, async ({ request }) => {
      await record('activity-sharing', request);
      return json({
        Activity: detail(7, start, null, answers.alerts?.() ?? []),
        Journey: null,
        MemberDetails: { WearerID: 1, NameFirst: 'Dana', NameLast: 'Berg' },
      });
    }),
    http.post(`${API}/message-load-thread`, async ({ request }) => {
      await record('message-load-thread', request);
      return json({
        MessageThread: answers.thread?.() ?? { MessageThreadID: 5, ActivityId: 7, Messages: [] },
      });
    }),
    ...(['message-send', 'alert-add-note', 'alert-resolve-pause'] as const).map((call) =>
      http.post(`${API}/${call}`, async ({ request }) => {
        const body = await record(call, request);
        const answer = answers[call];
        return answer ? answer(body) : json({ Success: true });
      }),
    ),
  );
  const store = createAppStore({
    epics: activityDataEpics,
    dependencies: testDependencies({
      fetch: (input, init) => fetch(input, init),
      storage: createStorage(localStorage),
    }),
  });
  render(
    <Provider store={store}>
      <ServerClock>
        <ShareActionsView />
      </ServerClock>
    </Provider>,
  );
  await screen.findByRole('heading', { name: /Messages to the wearer/ });
  return { store, received, user: userEvent.setup() };
}
