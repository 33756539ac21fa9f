// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EmergencyContact } from '../../../../src/api/entities/contact';
import { initI18n } from '../../../../src/app/i18n';
import { contactsRoutes } from '../../../../src/features/contacts';
import { contactsSaveFailed } from '../../../../src/features/contacts/contactsEditorSlice';
import { createStorage } from '../../../../src/streams/storage';
import { OLA_CONSENT_AT, kari, ola } from './contactsTestData';
import { CONTACTS_URL, NOW, memberHandlers, signedInStore } from './signedInStore';
import { registerMswServer } from '../../support/mswServer';
import { renderRoutesAt } from '../../support/renderRoutes';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

type Sent = { EmergencyContacts: Record<string, unknown>[] };

/** Shows where the app went. */
function Where() {
  const location = useLocation();
  return <p>{`Now at ${location.pathname}${location.search}`}</p>;
}

/**
 * The page at `path` for a signed-in member whose contacts are `contacts`; POST emergency-contacts
 * answers `answer` (by default the saved list, new contacts numbered from 100).
 */
async function renderAt(
  path: string,
  contacts: readonly EmergencyContact[],
  answer?: (body: Sent) => Response,
) {
  const sent: Sent[] = [];
  server.use(
    ...memberHandlers(contacts),
    http.post(CONTACTS_URL, async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.push(body);
      return answer
        ? answer(body)
        : HttpResponse.json({
            EmergencyContacts: body.EmergencyContacts.map((c, i) => ({
              HasAvatar: false,
              EmergencyContactID: 100 + i,
              ...c,
            })),
          });
    }),
  );
  const store = await signedInStore();
  renderRoutesAt(store, contactsRoutes, path, <Where />);
  await screen.findByRole('heading', { level: 1, name: 'Emergency contacts' });
  return { store, sent, user: userEvent.setup() };
}

const card = (name: string) => screen.getByRole('region', { name });
const save = (label = 'Save') => screen.getByRole('button', { name: label });

describe('/auth/login-contacts (app §4 login gating step 5)', () => {
  it('asks for a contact for emergency alerts, with consent, then returns to the remembered route', async () => {
    const { sent, user } = await renderAt('/auth/login-contacts?returnTo=%2Fmember%2Factivities', [
      kari,
    ]);
    expect(
      screen.getByText(
        'Add an emergency contact for assistance requests and one for emergency alerts before you continue.',
      ),
    ).toBeVisible();
    await user.click(save('Save and continue'));
    expect(screen.getByText('Select at least one contact for emergency alerts')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const nora = card('New contact');
    await user.type(within(nora).getByLabelText('Name'), 'Nora');
    await user.type(within(nora).getByLabelText('Phone number'), '+47 400 00 000');
    await user.click(save('Save and continue'));
    expect(
      within(nora).getByText('Confirm that this contact agrees to receive your emergency alerts'),
    ).toBeVisible();
    expect(sent).toEqual([]);

    await user.click(
      within(nora).getByRole('checkbox', { name: 'I confirm that Nora agrees to this' }),
    );
    await user.click(save('Save and continue'));
    expect(await screen.findByText('Now at /member/activities')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(
      sent[0]?.EmergencyContacts.map((c) => [
        c.EmergencyContactID,
        c.Name,
        c.Phone,
        c.ShareEmergencyAlert,
        c.ConsentConfirmedTimestamp,
      ]),
    ).toEqual([
      [kari.EmergencyContactID, 'Kari', kari.Phone, false, null],
      [undefined, 'Nora', '+47 400 00 000', true, NOW],
    ]);
  });

  it.each([
    ['/auth/login-contacts', 'Now at /member'],
    ['/auth/login-contacts?returnTo=https%3A%2F%2Fevil.example%2F', 'Now at /'],
  ])('from %s a save goes to a safe in-app route', async (path, where) => {
    const { user } = await renderAt(path, [ola]);
    await user.click(save('Save and continue'));
    expect(await screen.findByText(where)).toBeVisible();
  });
});

describe('/auth/registration-contacts (app §4 sign-up order)', () => {
  it('starts with one new contact and moves on to device activation after the save', async () => {
    const { sent, user } = await renderAt('/auth/registration-contacts', []);
    const first = card('New contact');
    await user.type(within(first).getByLabelText('Name'), 'Ola');
    await user.type(within(first).getByLabelText('Phone number'), '0047 912 34 567');
    await user.click(within(first).getByRole('checkbox', { name: /agrees to this/ }));
    await user.click(save('Save and continue'));
    expect(await screen.findByText('Now at /auth/registration-activate-device')).toBeVisible();
    expect(sent[0]?.EmergencyContacts).toMatchObject([
      { Name: 'Ola', ShareAssistanceAlert: true, ShareEmergencyAlert: true },
    ]);
  });
});

describe('/member/contacts', () => {
  it('saves an edit and stays on the page with a success notice', async () => {
    const { sent, user } = await renderAt('/member/contacts', [ola, kari]);
    await user.click(within(card('Kari')).getByRole('button', { name: 'Edit' }));
    const name = within(card('Kari')).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Kari Nordmann');
    await user.click(save());
    expect(await screen.findByText('Your emergency contacts are saved.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Kari Nordmann' })).toBeVisible();
    expect(sent[0]?.EmergencyContacts.map((c) => [c.Name, c.ConsentConfirmedTimestamp])).toEqual([
      ['Ola', OLA_CONSENT_AT],
      ['Kari Nordmann', null],
    ]);
  });

  it.each<[string, (user: ReturnType<typeof userEvent.setup>) => Promise<void>, string]>([
    ['an empty name', (user) => user.clear(within(card('Ola')).getByLabelText('Name')), 'Required'],
    [
      'a name with a digit',
      (user) => user.type(within(card('Ola')).getByLabelText('Name'), '2'),
      'Only letters are allowed',
    ],
    [
      'a phone too short',
      async (user) => {
        const phone = within(card('Ola')).getByLabelText('Phone number');
        await user.clear(phone);
        await user.type(phone, '123');
      },
      'Invalid phone number: use digits only, starting with the country code',
    ],
    [
      'an invalid email',
      async (user) => {
        const email = within(card('Ola')).getByLabelText('E-mail');
        await user.clear(email);
        await user.type(email, 'ola@');
      },
      'Invalid email address',
    ],
    [
      'activity sharing without an email',
      (user) => user.clear(within(card('Ola')).getByLabelText('E-mail')),
      'Sharing activities with a contact requires their email',
    ],
    [
      'no contact for assistance requests',
      (user) =>
        user.click(
          within(card('Ola')).getByRole('checkbox', { name: 'Receives my assistance requests' }),
        ),
      'Select at least one contact for assistance requests',
    ],
    [
      'emergency alerts without consent',
      (user) =>
        user.click(
          within(card('Ola')).getByRole('checkbox', { name: 'I confirm that Ola agrees to this' }),
        ),
      'Confirm that this contact agrees to receive your emergency alerts',
    ],
  ])('shows a message for %s and sends nothing', async (_name, change, message) => {
    const { sent, user } = await renderAt('/member/contacts', [ola]);
    await user.click(within(card('Ola')).getByRole('button', { name: 'Edit' }));
    await change(user);
    await user.click(save());
    expect(await screen.findByText(message)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('opens a closed contact whose fields are invalid when saving', async () => {
    const { sent, user } = await renderAt('/member/contacts', [ola, kari]);
    await user.click(within(card('Kari')).getByRole('button', { name: 'Edit' }));
    await user.type(within(card('Kari')).getByLabelText('Name'), '!');
    await user.click(within(card('Kari!')).getByRole('button', { name: 'Done' }));
    expect(within(card('Kari!')).queryByLabelText('Name')).toBeNull();
    await user.click(save());
    expect(await within(card('Kari!')).findByText('Only letters are allowed')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('keeps one primary: starring a contact un-stars the other', async () => {
    const { sent, user } = await renderAt('/member/contacts', [ola, kari]);
    const olaStar = within(card('Ola')).getByRole('button', { name: 'Primary contact' });
    const kariStar = within(card('Kari')).getByRole('button', { name: 'Primary contact' });
    expect(olaStar).toHaveAttribute('aria-pressed', 'true');
    await user.click(kariStar);
    expect(kariStar).toHaveAttribute('aria-pressed', 'true');
    expect(olaStar).toHaveAttribute('aria-pressed', 'false');
    await user.click(save());
    await screen.findByText('Your emergency contacts are saved.');
    expect(sent[0]?.EmergencyContacts.map((c) => [c.Name, c.IsPrimary])).toEqual([
      ['Ola', false],
      ['Kari', true],
    ]);
  });

  it('removes a contact only after confirmation', async () => {
    const { sent, user } = await renderAt('/member/contacts', [ola, kari]);
    await user.click(within(card('Kari')).getByRole('button', { name: 'Remove' }));
    const confirm = screen.getByRole('alertdialog', {
      name: 'Remove Kari from your emergency contacts?',
    });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(card('Kari')).toBeVisible();

    await user.click(within(card('Kari')).getByRole('button', { name: 'Remove' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(screen.queryByRole('region', { name: 'Kari' })).toBeNull();
    await user.click(save());
    await screen.findByText('Your emergency contacts are saved.');
    expect(sent[0]?.EmergencyContacts.map((c) => c.Name)).toEqual(['Ola']);
  });

  it('sets the channels of one alert type in the alert settings', async () => {
    const { sent, user } = await renderAt('/member/contacts', [ola]);
    await user.click(within(card('Ola')).getByRole('button', { name: 'Edit' }));
    await user.click(within(card('Ola')).getByRole('button', { name: 'Alert settings' }));
    const sos = within(card('Ola')).getByRole('group', { name: 'SOS alert' });
    expect(within(sos).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    await user.click(within(sos).getByRole('checkbox', { name: 'SMS' }));
    expect(within(sos).getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    const fall = within(card('Ola')).getByRole('group', { name: 'Fall' });
    expect(within(fall).getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    await user.click(save());
    await screen.findByText('Your emergency contacts are saved.');
    expect(sent[0]?.EmergencyContacts[0]?.AlertConfigs).toEqual({
      FALL: { Email: true, Call: true, Sms: false },
      MANUAL: { Email: true, Call: true, Sms: false },
    });
  });

  it('shows a failed save and keeps what the member typed', async () => {
    const { sent, user } = await renderAt('/member/contacts', [ola], () =>
      HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'Internal server error' }, { status: 500 }),
    );
    await user.click(within(card('Ola')).getByRole('button', { name: 'Edit' }));
    await user.type(within(card('Ola')).getByLabelText('Relationship'), ' and friend');
    await user.click(save());
    expect(
      await screen.findByText('Your emergency contacts could not be saved. Please try again.'),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(within(card('Ola')).getByLabelText('Relationship')).toHaveValue('Brother and friend');
    expect(screen.queryByText('Your emergency contacts are saved.')).toBeNull();
  });

  it("shows the server's messages at the fields they name, opening that contact", async () => {
    const { store } = await renderAt('/member/contacts', [ola, kari]);
    expect(within(card('Kari')).queryByLabelText('E-mail')).toBeNull();
    act(() => {
      store.dispatch(
        contactsSaveFailed({
          errorKey: 'Validations.InvalidValues',
          fieldMessages: [
            { path: 'EmergencyContacts.1.Email', key: 'Validations.ShareActivityNeedsEmail' },
            { path: 'EmergencyContacts', key: 'Validations.ContactsEmergencyRequired' },
          ],
        }),
      );
    });
    expect(await screen.findByText('Please correct invalid values')).toBeVisible();
    expect(screen.getByText('Select at least one contact for emergency alerts')).toBeVisible();
    expect(within(card('Kari')).getByLabelText('E-mail')).toHaveAccessibleDescription(
      /Sharing activities with a contact requires their email/,
    );
  });
});
