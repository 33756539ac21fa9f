import i18next from 'i18next';
// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageThread } from '../../../../src/api/entities/message';
import { initI18n } from '../../../../src/app/i18n';
import {
  GUARDIAN_NAME_STORAGE_KEY,
  SHARE_VIEWER_ID_STORAGE_KEY,
  THREAD_VIEWED_STORAGE_KEY_PREFIX,
} from '../../../../src/store/shares/shareViewer';
import { createStorage } from '../../../../src/streams/storage';
import { alert } from '../../store/activities/activityTestKit';
import { registerMswServer } from '../../support/mswServer';
import { clientHandler } from './clientHandler';
import { json, renderShareActions, TOKEN } from './renderShareActions';
import { serverClockAhead } from '../../support/serverClock';

const server = registerMswServer('error', clientHandler);
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const VIEWER_ID = '3f1c8a52-7a51-4d0c-9d43-8a0c6f6f2a10';
const SENT = Date.UTC(2026, 10, 22, 12, 30);

/** A guardian who came before: viewer id and name are in this browser. */
function knownGuardian(name = 'Kari') {
  localStorage.setItem(SHARE_VIEWER_ID_STORAGE_KEY, VIEWER_ID);
  localStorage.setItem(GUARDIAN_NAME_STORAGE_KEY, name);
}

beforeEach(() => {
  localStorage.clear();
});

/** Three messages: one in the outbox, one delivered, one seen and answered 'Yes' at `replyAt`. */
function thread(replyAt = SENT + 120_000): MessageThread {
  const message = (MessageID: number, text: string, delivered: boolean, seen: boolean) => ({
    MessageID,
    MessageText: text,
    SenderName: 'Kari',
    ReplyOptions: ['No', 'Yes'],
    SentTimestamp: SENT,
    WearerMessageState: {
      DeliveredTime: delivered ? SENT + 10_000 : null,
      SeenTime: seen ? SENT + 60_000 : null,
      Replies: seen ? [{ ReplyText: 'Yes', ReceivedTime: replyAt }] : [],
    },
  });
  return {
    MessageThreadID: 5,
    ActivityId: 7,
    Messages: [
      message(11, 'Are you OK?', true, true),
      message(12, 'Call me', true, false),
      message(13, 'Where are you?', false, false),
    ],
  };
}

describe('GuardianName (the name a share viewer’s messages and notes carry)', () => {
  it('asks once for a valid name and remembers it in this browser', async () => {
    const { user } = await renderShareActions(server);
    const form = screen.getByRole('region', { name: 'Your name' });
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(within(form).getByText('Required')).toBeVisible();
    expect(
      screen.getByText('Enter your name before you send a message or act on the alert.'),
    ).toBeVisible();

    await user.type(within(form).getByLabelText('Your name'), 'Kari Nordmann');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('You are shown as Kari Nordmann.')).toBeVisible();
    expect(localStorage.getItem(GUARDIAN_NAME_STORAGE_KEY)).toBe('Kari Nordmann');
    expect(localStorage.getItem(SHARE_VIEWER_ID_STORAGE_KEY)).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeVisible();
  });
});

describe('MessagePanel (issue 8 item 3; app §3 Message thread, §4 delivery status)', () => {
  it('shows each message’s state and the wearer’s reply, flagged until marked read', async () => {
    knownGuardian();
    const { received, user } = await renderShareActions(server, { thread: () => thread() });
    await screen.findByText('Are you OK?');
    const items = await screen.findAllByRole('listitem');
    const text = items.map((item) => item.textContent);
    expect(text.find((t) => t.includes('Are you OK?'))).toMatch(
      /Seen by the wearer.*Reply .*: Yes/,
    );
    expect(text.find((t) => t.includes('Call me'))).toContain('Delivered to the watch');
    expect(text.find((t) => t.includes('Where are you?'))).toContain('Waiting to be delivered');
    expect(received.find((r) => r.call === 'message-load-thread')?.body).toEqual({
      ShareToken: TOKEN,
      ActivityId: 7,
      ShareViewerId: VIEWER_ID,
    });

    expect(screen.getByText('New reply from the wearer')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(screen.queryByText('New reply from the wearer')).toBeNull();
    expect(Number(localStorage.getItem(`${THREAD_VIEWED_STORAGE_KEY_PREFIX}7`))).toBeGreaterThan(
      SENT + 120_000,
    );
  });

  it('clears the flag of a reply dated ahead of this clock (a watch up to 5 minutes fast)', async () => {
    knownGuardian();
    const replyAt = Date.now() + 4 * 60_000;
    const { user } = await renderShareActions(server, { thread: () => thread(replyAt) });
    expect(await screen.findByText('New reply from the wearer')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(screen.queryByText('New reply from the wearer')).toBeNull();
    expect(Number(localStorage.getItem(`${THREAD_VIEWED_STORAGE_KEY_PREFIX}7`))).toBe(replyAt);
  });

  it('does not flag a reply this browser already viewed', async () => {
    knownGuardian();
    localStorage.setItem(`${THREAD_VIEWED_STORAGE_KEY_PREFIX}7`, String(SENT + 200_000));
    await renderShareActions(server, { thread: () => thread() });
    await screen.findByText('Are you OK?');
    expect(screen.queryByText('New reply from the wearer')).toBeNull();
  });

  it('sends with the answers No and Yes, removing characters the watch cannot show, then clears', async () => {
    knownGuardian();
    const { received, user } = await renderShareActions(server, {
      'message-send': (body) =>
        json({
          MessageThread: {
            MessageThreadID: 5,
            ActivityId: 7,
            Messages: [{ ...thread().Messages[2], MessageID: 20, MessageText: body.MessageText }],
          },
        }),
    });
    expect(screen.getByText('The wearer can answer: No, Yes')).toBeVisible();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'On my way 🚴!');
    expect(input).toHaveValue('On my way !');
    expect(screen.getByText('Characters the watch cannot show were removed.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('On my way !')).toBeVisible();
    await waitFor(() => {
      expect(input).toHaveValue('');
    });
    expect(received.find((r) => r.call === 'message-send')?.body).toEqual({
      ShareToken: TOKEN,
      ShareViewerId: VIEWER_ID,
      ActivityId: 7,
      MessageText: 'On my way !',
      ReplyOptions: ['No', 'Yes'],
      SenderName: 'Kari',
    });
  });

  it('offers No and Yes in the language the guardian reads and writes', async () => {
    knownGuardian();
    const { received, user } = await renderShareActions(server, {
      'message-send': () => json({ MessageThread: thread() }),
    });
    try {
      await act(() => i18next.changeLanguage('de'));
      expect(screen.getByText('Die Person kann antworten: Nein, Ja')).toBeVisible();
      await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Alles gut?');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      await waitFor(() => {
        expect(received.find((r) => r.call === 'message-send')?.body).toMatchObject({
          MessageText: 'Alles gut?',
          ReplyOptions: ['Nein', 'Ja'],
        });
      });
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('keeps what was typed when a send fails, and says so', async () => {
    knownGuardian();
    const { user } = await renderShareActions(server, {
      'message-send': () => json({ ErrorCode: 'UNKNOWN', Error: 'down' }, 503),
    });
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Are you OK?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The message could not be sent. Try again.')).toBeVisible();
    expect(input).toHaveValue('Are you OK?');
  });

  it('shows the server’s refusal of the text with its limit filled in', async () => {
    knownGuardian();
    const { user } = await renderShareActions(server, {
      'message-send': () =>
        json(
          {
            ErrorCode: 'REQUEST_INVALID',
            Error: 'invalid',
            Issues: [{ Path: 'body.MessageText', Message: 'Validations.MaxLength' }],
          },
          400,
        ),
    });
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Are you OK?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => {
      expect(input).toHaveAccessibleDescription(/Cannot be longer than 160 characters/);
    });
  });
});

describe('AlertActions (issue 8 item 4; app §7 alert-add-note, alert-resolve-pause; policy §4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds a note to the open alert with the guardian’s name and viewer id', async () => {
    knownGuardian();
    const { received, user } = await renderShareActions(server, {
      alerts: () => [alert(3, 7, SENT)],
    });
    const actions = await screen.findByRole('region', { name: 'Act on the alert' });
    await user.type(within(actions).getByRole('textbox', { name: 'Note' }), 'Calling her now');
    await user.click(within(actions).getByRole('button', { name: 'Add note' }));
    expect(await within(actions).findByText('Note added.')).toBeVisible();
    expect(within(actions).getByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(received.find((r) => r.call === 'alert-add-note')?.body).toEqual({
      ShareToken: TOKEN,
      ShareViewerId: VIEWER_ID,
      AlertID: 3,
      GuardianName: 'Kari',
      NoteText: 'Calling her now',
    });
    // The share reloads after the note (the alert's notes come with it).
    await waitFor(() => {
      expect(received.filter((r) => r.call === 'activity-sharing')).toHaveLength(2);
    });
  });

  it.each([
    ['For 1 hour', 60],
    ['Do not pause', 0],
  ])('resolves with a pause “%s” sent as %i minutes', async (choice, minutes) => {
    knownGuardian();
    let closed = false;
    const { received, user } = await renderShareActions(server, {
      alerts: () => [
        closed
          ? { ...alert(3, 7, SENT), CloseState: 'CLOSED_BY_USER' as const }
          : alert(3, 7, SENT),
      ],
      'alert-resolve-pause': () => {
        closed = true;
        return json({ Success: true });
      },
    });
    const form = await screen.findByRole('form', { name: 'Resolve the alert' });
    await user.type(within(form).getByRole('textbox', { name: 'What happened' }), 'She is fine');
    await user.click(within(form).getByRole('radio', { name: choice }));
    await user.click(within(form).getByRole('button', { name: 'Resolve alert' }));
    expect(await screen.findByText('The alert was resolved.')).toBeVisible();
    expect(received.find((r) => r.call === 'alert-resolve-pause')?.body).toEqual({
      ShareToken: TOKEN,
      ShareViewerId: VIEWER_ID,
      AlertID: 3,
      GuardianName: 'Kari',
      ResolveText: 'She is fine',
      PauseMinutes: minutes,
    });
  });

  it('turns a pause “until a time” into minutes, and refuses a time in the past', async () => {
    // The share shows times in UTC (the client's units), so the typed time is UTC too.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 22, 12, 0, 30) });
    knownGuardian();
    const { received, user } = await renderShareActions(server, {
      alerts: () => [alert(3, 7, SENT)],
    });
    const form = await screen.findByRole('form', { name: 'Resolve the alert' });
    await user.type(within(form).getByRole('textbox', { name: 'What happened' }), 'Fine');
    await user.click(within(form).getByRole('radio', { name: 'Until a time' }));
    const until = within(form).getByLabelText('Pause until (UTC)');
    fireEvent.change(until, { target: { value: '2026-11-22T11:00' } });
    await user.click(within(form).getByRole('button', { name: 'Resolve alert' }));
    expect(
      await within(form).findByText('Choose a time in the future, at most one week ahead.'),
    ).toBeVisible();
    expect(received.filter((r) => r.call === 'alert-resolve-pause')).toEqual([]);

    fireEvent.change(until, { target: { value: '2026-11-22T14:00' } });
    await user.click(within(form).getByRole('button', { name: 'Resolve alert' }));
    // 12:00:30 → 14:00 is 119.5 minutes, rounded up.
    await waitFor(() => {
      expect(received.find((r) => r.call === 'alert-resolve-pause')?.body).toMatchObject({
        PauseMinutes: 120,
      });
    });
  });

  it('counts the minutes to a pause’s end on the server’s clock (this one 10 minutes behind it)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 22, 12, 0, 30) });
    knownGuardian();
    const { received, store, user } = await renderShareActions(server, {
      alerts: () => [alert(3, 7, SENT)],
    });
    act(() => {
      store.dispatch(serverClockAhead(10 * 60_000, Date.now(), 'https://c2.lifeline.example'));
    });
    const form = await screen.findByRole('form', { name: 'Resolve the alert' });
    await user.type(within(form).getByRole('textbox', { name: 'What happened' }), 'Fine');
    await user.click(within(form).getByRole('radio', { name: 'Until a time' }));
    fireEvent.change(within(form).getByLabelText('Pause until (UTC)'), {
      target: { value: '2026-11-22T14:00' },
    });
    await user.click(within(form).getByRole('button', { name: 'Resolve alert' }));
    // The server's 12:10:30 → 14:00 is 109.5 minutes, rounded up.
    await waitFor(() => {
      expect(received.find((r) => r.call === 'alert-resolve-pause')?.body).toMatchObject({
        PauseMinutes: 110,
      });
    });
  });

  it.each([
    [
      '‘The alert is no longer active’ when the server answers so',
      409,
      'The alert is no longer active',
    ],
    ['that it failed when the server is down', 503, 'The alert could not be resolved. Try again.'],
  ])('says %s, keeping the text', async (_name, status, message) => {
    knownGuardian();
    const { user } = await renderShareActions(server, {
      alerts: () => [alert(3, 7, SENT)],
      'alert-resolve-pause': () =>
        status === 409
          ? json({ ErrorCode: 'ALERT_NOT_ACTIVE', Error: 'The alert is no longer active' }, 409)
          : json({ ErrorCode: 'UNKNOWN', Error: 'down' }, status),
    });
    const form = await screen.findByRole('form', { name: 'Resolve the alert' });
    const text = within(form).getByRole('textbox', { name: 'What happened' });
    await user.type(text, 'She is fine');
    await user.click(within(form).getByRole('button', { name: 'Resolve alert' }));
    expect(await within(form).findByText(message)).toBeVisible();
    expect(text).toHaveValue('She is fine');
  });

  it('shows a field the server refused with its message', async () => {
    knownGuardian();
    const { user } = await renderShareActions(server, {
      alerts: () => [alert(3, 7, SENT)],
      'alert-add-note': () =>
        json(
          {
            ErrorCode: 'REQUEST_INVALID',
            Error: 'invalid',
            Issues: [{ Path: 'body.NoteText', Message: 'Validations.NoteTextInvalid' }],
          },
          400,
        ),
    });
    const actions = await screen.findByRole('region', { name: 'Act on the alert' });
    await user.type(within(actions).getByRole('textbox', { name: 'Note' }), 'Hello');
    await user.click(within(actions).getByRole('button', { name: 'Add note' }));
    expect(await within(actions).findByText('Please correct invalid values')).toBeVisible();
    expect(within(actions).getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription(
      /Only letters, numbers and basic punctuation are allowed/,
    );
  });
});
