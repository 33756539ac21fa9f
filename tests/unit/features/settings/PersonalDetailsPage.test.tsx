// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { PersonalDetailsPage } from '../../../../src/features/settings/personalDetails/PersonalDetailsPage';
import { createStorage } from '../../../../src/streams/storage';
import { renderSettings } from './renderSettings';
import {
  API,
  memberLoginHandlers,
  recordingIdentity,
  testIdentity,
  testWearer,
} from './settingsTestKit';
import { testClient } from '../../store/testDependencies';
import { registerMswServer } from '../../support/mswServer';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

function serve() {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post(`${API}/member-wearer-update`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ WearerID: testWearer.WearerID });
    }),
    http.get(`${API}/load-member-wearer`, () => HttpResponse.json(testWearer)),
    ...memberLoginHandlers(),
    http.get(`${API}/*`, () => HttpResponse.json({ ErrorCode: 'NOT_FOUND' }, { status: 404 })),
  );
  return sent;
}

const dayFirstClient = { ...testClient, Units: { ...testClient.Units, DateFormat: 'DD/MM/YYYY' } };
const field = (name: string) => screen.getByLabelText(name);

describe('PersonalDetailsPage', () => {
  it("shows the wearer's details, the date in the client's format", () => {
    renderSettings(<PersonalDetailsPage />, { client: dayFirstClient as typeof testClient });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Personal details');
    expect(field('First name')).toHaveValue('Dana');
    expect(field('Last name')).toHaveValue('Berg');
    expect(field('Date of birth')).toHaveValue('09/02/1990');
    expect(field('Date of birth')).toHaveAccessibleDescription(
      'Format: dd/mm/yyyy. You must be at least 16 years old.',
    );
    expect(field('Sex')).toHaveValue('Female');
    expect(field('Mobile phone number')).toHaveValue('+4791234567');
    expect(field('Language for messages and e-mails')).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'Unspecified' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Norsk' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Emergency information' })).toBeNull();
  });

  it('saves the details typed, converting a day-first date and normalising the phone', async () => {
    const sent = serve();
    const { store } = renderSettings(<PersonalDetailsPage />, {
      client: dayFirstClient as typeof testClient,
    });
    const user = userEvent.setup();
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Lund');
    await user.clear(field('Date of birth'));
    await user.type(field('Date of birth'), '1.3.1988');
    await user.clear(field('Mobile phone number'));
    await user.type(field('Mobile phone number'), '0047 912 34 567');
    await user.selectOptions(field('Sex'), 'Unspecified');
    await user.selectOptions(field('Language for messages and e-mails'), 'no');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({
      DateOfBirth: '1988/03/01',
      EmailAddress: 'dana@example.com',
      LanguageCode: 'no',
      MarketingOptInTimestamp: null,
      NameFirst: 'Dana',
      NameLast: 'Lund',
      PhoneNumber: '+4791234567',
      Sex: 'Unspecified',
      TermsAcceptedTimestamp: testWearer.TermsAcceptedTimestamp,
    });
    await expect
      .poll(() => Object.values(store.getState().notifications.entities).map((n) => n.key))
      .toEqual(['Settings.PersonalDetailsUpdated']);
  });

  it.each([
    ['First name', '', 'Required'],
    ['First name', 'Dana!', 'Only letters are allowed'],
    ['Last name', 'Abcdefghijklmnopqrstu', 'Cannot be longer than 20 characters'],
    ['Date of birth', '31/04/1990', 'Invalid date: use yyyy/mm/dd'],
    ['Date of birth', '1990', 'Invalid date: use yyyy/mm/dd'],
    ['Mobile phone number', '12345', 'Invalid phone number'],
  ])('%s %j shows “%s” and sends nothing', async (label, value, message) => {
    const sent = serve();
    renderSettings(<PersonalDetailsPage />);
    const user = userEvent.setup();
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('refuses a member under 16 on the date field, and sends nothing', async () => {
    const sent = serve();
    renderSettings(<PersonalDetailsPage />);
    const user = userEvent.setup();
    await user.clear(field('Date of birth'));
    await user.type(field('Date of birth'), '2010/01/01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be at least 16 years old');
    expect(field('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('says a new phone must be verified, and changes it in the identity first', async () => {
    const sent = serve();
    const refreshed = { ...testIdentity, phoneNumber: '+4798765432', phoneNumberVerified: false };
    const identity = recordingIdentity(refreshed);
    const { store } = renderSettings(<PersonalDetailsPage />, { identity: identity.client });
    const notice = /asked to verify the new number/;
    expect(screen.queryByText(notice)).toBeNull();
    const user = userEvent.setup();
    await user.clear(field('Mobile phone number'));
    await user.type(field('Mobile phone number'), '+47 987 65 432');
    expect(screen.getByText(notice)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(identity.updates).toMatchObject([{ phone_number: '+4798765432' }]);
    await expect.poll(() => store.getState().session.identity?.phoneNumberVerified).toBe(false);
  });

  it('shows the extra emergency information read-only', () => {
    renderSettings(<PersonalDetailsPage />, {
      wearer: {
        ...testWearer,
        EmergencyInfo: {
          BloodGroup: '0+',
          GpDetails: null,
          Conditions: 'Asthma',
          Medications: null,
          Notes: null,
        },
      },
    });
    const section = screen.getByRole('region', { name: 'Emergency information' });
    expect(section).toHaveTextContent('Blood group0+');
    expect(section).toHaveTextContent('ConditionsAsthma');
    expect(section).not.toHaveTextContent('Medications');
    expect(section.querySelector('input')).toBeNull();
  });
});
