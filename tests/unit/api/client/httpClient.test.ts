import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateDevice } from '../../../../src/api/calls/memberIntegrationDevices';
import { memberWearerActivityDelete } from '../../../../src/api/calls/memberIntegrationActivities';
import {
  deleteWearerReminder,
  loadWearerReminders,
} from '../../../../src/api/calls/memberIntegrationReminders';
import { memberIntegrationClients } from '../../../../src/api/calls/memberIntegrationPublic';
import {
  createCentralClient,
  createMemberIntegrationClient,
} from '../../../../src/api/client/apiClients';
import {
  CallFailedError,
  HttpError,
  NetworkError,
  ResponseInvalidError,
} from '../../../../src/api/client/apiErrors';

const DOMAIN = 'https://eu.lifeline.test';
const BASE = `${DOMAIN}/api/member-integration`;
const server = setupServer();
const seen: { url: string; method: string; auth: string | null; body: string }[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    void request
      .clone()
      .text()
      .then((body) => {
        seen.push({
          url: request.url,
          method: request.method,
          auth: request.headers.get('authorization'),
          body,
        });
      });
  });
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => {
  server.close();
});

const api = createMemberIntegrationClient(DOMAIN, () => 'header.payload.signature');

describe('createApiClient', () => {
  it('fills path placeholders, sends the bearer token and validates the answer', async () => {
    server.use(
      http.get(`${BASE}/load-wearer-reminders/:id`, ({ params }) =>
        HttpResponse.json(
          params.id === '1001' ? { WearerReminders: [], ReminderTemplates: [] } : { nope: 1 },
        ),
      ),
    );
    await expect(api.call(loadWearerReminders, { WearerID: 1001 })).resolves.toEqual({
      WearerReminders: [],
      ReminderTemplates: [],
    });
    expect(seen[0]).toMatchObject({ method: 'GET', auth: 'Bearer header.payload.signature' });
  });

  it('sends POST fields other than the placeholders as the JSON body', async () => {
    server.use(
      http.post(`${BASE}/delete-wearer-reminder/:rid/:wid`, () =>
        HttpResponse.json({ Success: true }),
      ),
    );
    await api.call(deleteWearerReminder, { WearerReminderID: 5, WearerID: 1001 });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen[0]?.url).toBe(`${BASE}/delete-wearer-reminder/5/1001`);
    expect(JSON.parse(seen[0]?.body ?? 'null')).toEqual({});
  });

  it('rejects an invalid request before sending it', async () => {
    await expect(
      api.call(activateDevice, {
        Code: '12345',
        DeviceNickname: 'Watch',
        DeviceType: 'EV07',
        Imei: '123456789012345',
      }),
    ).rejects.toThrow(/Validations\./);
    expect(seen).toHaveLength(0);
  });

  it('turns a top-level ErrorCode into CallFailedError', async () => {
    server.use(
      http.post(`${BASE}/member-wearer-activity-delete`, () =>
        HttpResponse.json({ DeleteStatus: false, ErrorCode: 'UNKNOWN', Error: 'gone' }),
      ),
    );
    const failure = await api
      .call(memberWearerActivityDelete, { ActivityId: 3 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CallFailedError);
    expect(failure).toMatchObject({ code: 'UNKNOWN', call: 'member-wearer-activity-delete' });
  });

  it('turns a nested Error { ErrorCode, Message } into CallFailedError', async () => {
    server.use(
      http.post(`${BASE}/activate-device`, () =>
        HttpResponse.json({
          Error: { ErrorCode: 'DEVICE_TAKEN', Message: 'Allocated to another user' },
        }),
      ),
    );
    const failure = await api
      .call(activateDevice, {
        Code: '123456',
        DeviceNickname: 'Watch',
        DeviceType: 'EV07',
        Imei: '123456789012345',
      })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'CallFailedError', code: 'DEVICE_TAKEN' });
  });

  it('turns an error answer into HttpError with its ErrorCode', async () => {
    server.use(
      http.post(`${BASE}/member-wearer-activity-delete`, () =>
        HttpResponse.json({ ErrorCode: 'AUTH', Error: 'JWT Invalid' }, { status: 401 }),
      ),
    );
    const failure = await api
      .call(memberWearerActivityDelete, { ActivityId: 3 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 401, code: 'AUTH' });
  });

  it('keeps the field issues of a 400 on the HttpError', async () => {
    const issues = [{ Path: 'body.ActivityId', Message: 'Validations.InvalidValues' }];
    server.use(
      http.post(`${BASE}/member-wearer-activity-delete`, () =>
        HttpResponse.json(
          { ErrorCode: 'REQUEST_INVALID', Error: 'Invalid request', Issues: issues },
          { status: 400 },
        ),
      ),
    );
    const failure = await api
      .call(memberWearerActivityDelete, { ActivityId: 3 })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 400, code: 'REQUEST_INVALID', issues });
  });

  it('turns a non-JSON error page into HttpError UNKNOWN', async () => {
    server.use(
      http.post(
        `${BASE}/member-wearer-activity-delete`,
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    await expect(api.call(memberWearerActivityDelete, { ActivityId: 3 })).rejects.toMatchObject({
      status: 502,
      code: 'UNKNOWN',
    });
  });

  it('turns an answer off the contract into ResponseInvalidError', async () => {
    server.use(
      http.post(`${BASE}/member-wearer-activity-delete`, () =>
        HttpResponse.json({ DeleteStatus: 'yes' }),
      ),
    );
    const failure = await api
      .call(memberWearerActivityDelete, { ActivityId: 3 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ResponseInvalidError);
    expect((failure as ResponseInvalidError).issues[0]?.path).toEqual(['DeleteStatus']);
  });

  it('turns a failed connection into NetworkError', async () => {
    server.use(http.post(`${BASE}/member-wearer-activity-delete`, () => HttpResponse.error()));
    await expect(api.call(memberWearerActivityDelete, { ActivityId: 3 })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('refuses a call of another API', async () => {
    const central = createCentralClient('https://central.test');
    await expect(central.call(memberIntegrationClients, {})).rejects.toThrow(
      /belongs to the member-integration-public API/,
    );
  });
});
