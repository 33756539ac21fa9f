import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { IdentityError } from '../../../../src/api/identity';
import {
  personalDetailsSaveRequested,
  selectPersonalDetailsSave,
  type PersonalDetails,
} from '../../../../src/features/settings/settingsSlice';
import { memberTermsUpdated } from '../../../../src/store/session/sessionSlice';
import { unusedIdentity } from '../../store/testDependencies';
import {
  API,
  memberLoginHandlers,
  recordingIdentity,
  settingsStore,
  testIdentity,
  testWearer,
} from './settingsTestKit';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();

const details: PersonalDetails = {
  nameFirst: 'Dana',
  nameLast: 'Berg-Lund',
  dateOfBirth: '1990/02/09',
  sex: 'Female',
  phone: '+4791234567',
  language: 'nl',
};

/** The server of these tests: member-wearer-update answers `answer`; the wearer reloads as saved. */
function serve(answer: object = { WearerID: testWearer.WearerID }) {
  const log: string[] = [];
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/member-wearer-update`, async ({ request }) => {
      log.push('member-wearer-update');
      sent.push(await request.json());
      return HttpResponse.json(answer);
    }),
    http.get(`${API}/load-member-wearer`, () => {
      log.push('load-member-wearer');
      return HttpResponse.json({ ...testWearer, NameLast: 'Berg-Lund' });
    }),
    ...memberLoginHandlers(),
    http.get(`${API}/*`, () => HttpResponse.json({ ErrorCode: 'NOT_FOUND' }, { status: 404 })),
  );
  return { log, sent };
}

describe('saving the personal details (spec §7 member-wearer-update)', () => {
  it('sends the details with the member e-mail and the unchanged terms and opt-in times', async () => {
    const { sent, log } = serve();
    const { store } = settingsStore({
      wearer: { ...testWearer, MarketingOptInTimestamp: 1_600_000_000_000 },
    });
    store.dispatch(personalDetailsSaveRequested(details));
    await until(() => selectPersonalDetailsSave(store.getState()).status === 'done');
    expect(sent).toEqual([
      {
        DateOfBirth: '1990/02/09',
        EmailAddress: 'dana@example.com',
        LanguageCode: 'nl',
        MarketingOptInTimestamp: 1_600_000_000_000,
        NameFirst: 'Dana',
        NameLast: 'Berg-Lund',
        PhoneNumber: '+4791234567',
        Sex: 'Female',
        TermsAcceptedTimestamp: testWearer.TermsAcceptedTimestamp,
      },
    ]);
    await until(() => store.getState().wearer.wearer?.NameLast === 'Berg-Lund');
    // The wearer is reloaded after the save (and again when the refreshed identity reloads the member).
    expect(log.slice(0, 2)).toEqual(['member-wearer-update', 'load-member-wearer']);
    expect(Object.values(store.getState().notifications.entities)).toMatchObject([
      { tone: 'success', key: 'Settings.PersonalDetailsUpdated' },
    ]);
    expect(store.getState().session.identity).toEqual(testIdentity);
  });

  it('sends the terms the member accepted at login, not the older time of the wearer loaded before', async () => {
    const { sent } = serve();
    const { store } = settingsStore();
    store.dispatch(memberTermsUpdated({ termsAcceptedAt: 1_800_000_000_000, spamMeAt: null }));
    store.dispatch(personalDetailsSaveRequested(details));
    await until(() => selectPersonalDetailsSave(store.getState()).status === 'done');
    expect(sent).toMatchObject([{ TermsAcceptedTimestamp: 1_800_000_000_000 }]);
  });

  it('updates the identity’s names, birth date and sex (not an unchanged phone) before the wearer', async () => {
    const { sent } = serve();
    const identity = recordingIdentity(testIdentity);
    const { store } = settingsStore({ identity: identity.client });
    store.dispatch(personalDetailsSaveRequested(details));
    await until(() => selectPersonalDetailsSave(store.getState()).status === 'done');
    expect(identity.updates).toEqual([
      { given_name: 'Dana', family_name: 'Berg-Lund', birthdate: '1990-02-09', gender: 'female' },
    ]);
    expect(sent).toHaveLength(1);
  });

  it('updates the identity phone first when it changed, then refreshes the session', async () => {
    const { sent } = serve();
    const refreshed = { ...testIdentity, phoneNumber: '+4798765432', phoneNumberVerified: false };
    const identity = recordingIdentity(refreshed);
    const savesBeforeUpdate: number[] = [];
    const client = {
      ...identity.client,
      updateAttributes: (attributes: Record<string, string>) => {
        savesBeforeUpdate.push(sent.length);
        return identity.client.updateAttributes(attributes);
      },
    };
    const { store } = settingsStore({ identity: client });
    store.dispatch(personalDetailsSaveRequested({ ...details, phone: '+4798765432' }));
    await until(() => selectPersonalDetailsSave(store.getState()).status === 'done');
    expect(identity.updates).toEqual([
      {
        given_name: 'Dana',
        family_name: 'Berg-Lund',
        birthdate: '1990-02-09',
        gender: 'female',
        phone_number: '+4798765432',
      },
    ]);
    expect(savesBeforeUpdate).toEqual([0]);
    expect(sent).toMatchObject([{ PhoneNumber: '+4798765432' }]);
    await until(() => store.getState().session.identity?.phoneNumberVerified === false);
    expect(store.getState().session.identity?.phoneNumber).toBe('+4798765432');
  });

  it('saves when the session refresh after the identity change fails, and refreshes again at once', async () => {
    const { sent } = serve();
    const refreshed = { ...testIdentity, phoneNumber: '+4798765432', phoneNumberVerified: false };
    const identity = recordingIdentity(refreshed);
    let refreshes = 0;
    const client = {
      ...identity.client,
      refreshSession: () => {
        refreshes += 1;
        return refreshes === 1
          ? Promise.reject(new IdentityError('NetworkError', 'Network error'))
          : identity.client.refreshSession();
      },
    };
    const { store } = settingsStore({ identity: client });
    store.dispatch(personalDetailsSaveRequested({ ...details, phone: '+4798765432' }));
    await until(() => selectPersonalDetailsSave(store.getState()).status !== 'pending');
    expect(selectPersonalDetailsSave(store.getState()).status).toBe('done');
    expect(sent).toMatchObject([{ PhoneNumber: '+4798765432' }]);
    expect(Object.values(store.getState().notifications.entities)).toMatchObject([
      { tone: 'success', key: 'Settings.PersonalDetailsUpdated' },
    ]);
    // The token-refresh epic takes the refresh over and the new phone reaches the session.
    await until(() => store.getState().session.identity?.phoneNumberVerified === false);
    expect(refreshes).toBe(2);
  });

  it('sends nothing when the identity service refuses the new phone', async () => {
    const { sent } = serve();
    const identity = {
      ...unusedIdentity(),
      updateAttributes: () =>
        Promise.reject(new IdentityError('InvalidParameterException', 'Invalid phone number')),
    };
    const { store } = settingsStore({ identity });
    store.dispatch(personalDetailsSaveRequested({ ...details, phone: '+4798765432' }));
    await until(() => selectPersonalDetailsSave(store.getState()).status === 'failed');
    expect(selectPersonalDetailsSave(store.getState()).error).toEqual({
      key: 'Settings.Errors.SetPersonalDetailsError',
      detail: 'Invalid phone number',
    });
    expect(sent).toEqual([]);
    expect(store.getState().session.identity).toEqual(testIdentity);
  });

  it('shows an Error the server answers as the translated refusal (never its English), and still records the changed identity', async () => {
    serve({ Error: 'Wearer not found' });
    const refreshed = { ...testIdentity, phoneNumber: '+4798765432', phoneNumberVerified: false };
    const { store } = settingsStore({ identity: recordingIdentity(refreshed).client });
    store.dispatch(personalDetailsSaveRequested({ ...details, phone: '+4798765432' }));
    await until(() => selectPersonalDetailsSave(store.getState()).status === 'failed');
    expect(selectPersonalDetailsSave(store.getState()).error).toEqual({
      key: 'Settings.Errors.SetPersonalDetailsError',
      detailKey: 'Common.FailureDetail.Refused',
    });
    await until(() => store.getState().session.identity?.phoneNumberVerified === false);
    expect(store.getState().notifications.ids).toEqual([]);
  });

  it.each([
    ['turns 16 tomorrow', '2009/06/16', false],
    ['turns 16 today', '2009/06/15', true],
    ['is 40', '1985/01/31', true],
  ])('checks the minimum age on the store clock: a member who %s', async (_name, dob, passes) => {
    const { sent } = serve();
    const { store } = settingsStore();
    store.dispatch(personalDetailsSaveRequested({ ...details, dateOfBirth: dob }));
    if (passes) {
      await until(() => selectPersonalDetailsSave(store.getState()).status === 'done');
      expect(sent).toMatchObject([{ DateOfBirth: dob }]);
    } else {
      expect(selectPersonalDetailsSave(store.getState())).toEqual({
        status: 'failed',
        error: { key: 'Validations.MinimumAge', params: { years: 16 }, field: 'dateOfBirth' },
      });
      expect(sent).toEqual([]);
    }
  });
});
