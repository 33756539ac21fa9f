import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_PAUSE_MAX_MINUTES,
  ALERT_TEXT_MAX_LENGTH,
  MESSAGE_TEXT_MAX_LENGTH,
} from '../../../../src/api/calls/shareViewing';
import {
  MINUTE,
  T0,
  addWearer,
  post,
  registerViewingServer,
  share,
  sosActivity,
} from './viewingServer';

/*
 * The contract's validation of the shared-viewing calls (app §5: note text, name, required, max
 * length; src/api/calls/shareViewing.ts limits): every refused request answers 400 REQUEST_INVALID
 * with the failing field's path and translation key, before the token is looked at, and writes nothing.
 */

const server = registerViewingServer();
let token = '';
let live = { activityId: 0, alertId: 0 };

beforeAll(async () => {
  const wearer = await addWearer(server, 'wanda@example.com');
  server.now = T0 + 2 * MINUTE;
  live = await sosActivity(server, wearer);
  token = (await share(server, wearer.memberId, { kind: 'activity', ...live })).token;
});

/** A valid body of each call; a case overrides fields (undefined removes one). */
const VALID: Record<string, () => Record<string, unknown>> = {
  'activity-sharing': () => ({ ShareToken: token }),
  'shared-journey-activity': () => ({ ShareToken: token, ActivityId: live.activityId }),
  'message-load-thread': () => ({ ShareToken: token, ActivityId: live.activityId }),
  'message-send': () => ({
    ShareToken: token,
    ActivityId: live.activityId,
    MessageText: 'Are you safe?',
    SenderName: 'Erik',
  }),
  'alert-add-note': () => ({
    ShareToken: token,
    ShareViewerId: 'viewer-a',
    AlertID: live.alertId,
    GuardianName: 'Erik',
    NoteText: 'On my way.',
  }),
  'alert-resolve-pause': () => ({
    ShareToken: token,
    ShareViewerId: 'viewer-a',
    AlertID: live.alertId,
    GuardianName: 'Erik',
    ResolveText: 'She is safe.',
    PauseMinutes: 0,
  }),
};

const text = (length: number) => 'a'.repeat(length);

/** [call, case, fields, the issue's path, its message (translation key) when the rule has one]. */
const CASES: [string, string, Record<string, unknown>, string, string?][] = [
  ['activity-sharing', 'no token', { ShareToken: undefined }, 'body.ShareToken'],
  ['activity-sharing', 'a token that is not a JWT', { ShareToken: 'abc' }, 'body.ShareToken'],
  ['activity-sharing', 'a code of 17 characters', { ShareTotp: text(17) }, 'body.ShareTotp'],
  ['activity-sharing', 'a code as a number', { ShareTotp: 123456 }, 'body.ShareTotp'],
  ['shared-journey-activity', 'ActivityId 0', { ActivityId: 0 }, 'body.ActivityId'],
  ['shared-journey-activity', 'ActivityId as text', { ActivityId: 'one' }, 'body.ActivityId'],
  ['message-load-thread', 'no ActivityId', { ActivityId: undefined }, 'body.ActivityId'],
  ['message-load-thread', 'a viewer id of 65', { ShareViewerId: text(65) }, 'body.ShareViewerId'],
  [
    'message-send',
    'an empty text',
    { MessageText: '' },
    'body.MessageText',
    'Validations.Required',
  ],
  [
    'message-send',
    `a text over ${MESSAGE_TEXT_MAX_LENGTH}`,
    { MessageText: text(MESSAGE_TEXT_MAX_LENGTH + 1) },
    'body.MessageText',
    'Validations.MaxLength',
  ],
  [
    'message-send',
    'an emoji in the text',
    { MessageText: 'Safe? 🚣' },
    'body.MessageText',
    'Validations.NoteTextInvalid',
  ],
  ['message-send', 'no reply options', { ReplyOptions: [] }, 'body.ReplyOptions'],
  [
    'message-send',
    '5 reply options',
    { ReplyOptions: ['a', 'b', 'c', 'd', 'e'] },
    'body.ReplyOptions',
  ],
  ['message-send', 'a reply option of 21', { ReplyOptions: [text(21)] }, 'body.ReplyOptions.0'],
  [
    'message-send',
    'a sender name with digits',
    { SenderName: 'R2D2' },
    'body.SenderName',
    'Validations.NameInvalidCharacters',
  ],
  [
    'message-send',
    'no sender name',
    { SenderName: undefined },
    'body.SenderName',
    'Validations.Required',
  ],
  ['alert-add-note', 'an empty note', { NoteText: '' }, 'body.NoteText', 'Validations.Required'],
  [
    'alert-add-note',
    'a note of spaces and line breaks',
    { NoteText: '  \n ' },
    'body.NoteText',
    'Validations.Required',
  ],
  [
    'message-send',
    'a text of spaces only',
    { MessageText: '   ' },
    'body.MessageText',
    'Validations.Required',
  ],
  [
    'message-send',
    'a reply option of spaces only',
    { ReplyOptions: ['Yes', '  '] },
    'body.ReplyOptions.1',
    'Validations.Required',
  ],
  [
    'message-send',
    'a reply option with an emoji',
    { ReplyOptions: ['Yes 👍'] },
    'body.ReplyOptions.0',
    'Validations.NoteTextInvalid',
  ],
  [
    'alert-add-note',
    `a note over ${ALERT_TEXT_MAX_LENGTH}`,
    { NoteText: text(ALERT_TEXT_MAX_LENGTH + 1) },
    'body.NoteText',
    'Validations.MaxLength',
  ],
  [
    'alert-add-note',
    'a control character in the note',
    { NoteText: 'On my\u0007 way' },
    'body.NoteText',
    'Validations.NoteTextInvalid',
  ],
  [
    'alert-add-note',
    'a guardian name over 20',
    { GuardianName: text(21) },
    'body.GuardianName',
    'Validations.MaxLength',
  ],
  ['alert-add-note', 'AlertID 1.5', { AlertID: 1.5 }, 'body.AlertID'],
  ['alert-resolve-pause', 'PauseMinutes -1', { PauseMinutes: -1 }, 'body.PauseMinutes'],
  [
    'alert-resolve-pause',
    'PauseMinutes over a week',
    { PauseMinutes: ALERT_PAUSE_MAX_MINUTES + 1 },
    'body.PauseMinutes',
  ],
  ['alert-resolve-pause', 'PauseMinutes 1.5', { PauseMinutes: 1.5 }, 'body.PauseMinutes'],
  ['alert-resolve-pause', 'no PauseMinutes', { PauseMinutes: undefined }, 'body.PauseMinutes'],
  [
    'alert-resolve-pause',
    'no explanation',
    { ResolveText: undefined },
    'body.ResolveText',
    'Validations.Required',
  ],
  [
    'alert-resolve-pause',
    'an emoji in the explanation',
    { ResolveText: 'Safe 👍' },
    'body.ResolveText',
    'Validations.NoteTextInvalid',
  ],
];

async function writtenRows() {
  const { db } = server.database;
  return {
    messages: await db.selectFrom('messages').selectAll().execute(),
    notes: await db.selectFrom('alert_notes').selectAll().execute(),
    alerts: await db.selectFrom('alerts').selectAll().orderBy('alert_id').execute(),
    members: await db.selectFrom('members').select('alerts_paused_until_ms').execute(),
  };
}

describe('shared-viewing validation', () => {
  it.each(CASES)('%s: %s → 400 at %s', async (call, _name, fields, path, message) => {
    const before = await writtenRows();
    const res = await post(server, call, { ...VALID[call]?.(), ...fields });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ ErrorCode: string; Issues: { Path: string; Message: string }[] }>();
    expect(body.ErrorCode).toBe('REQUEST_INVALID');
    const issue = body.Issues.find((candidate) => candidate.Path === path);
    expect(issue, JSON.stringify(body.Issues)).toBeDefined();
    if (message !== undefined) expect(issue?.Message).toBe(message);
    expect(await writtenRows()).toEqual(before);
  });

  it.each(Object.keys(VALID))('%s: a body that is not a JSON object → 400', async (call) => {
    const res = await post(server, call, [VALID[call]?.()]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });

  it('accepts the bounds themselves: a week’s pause and texts of the longest length', async () => {
    const note = await post(server, 'alert-add-note', {
      ...VALID['alert-add-note']?.(),
      NoteText: text(ALERT_TEXT_MAX_LENGTH),
    });
    expect(note.statusCode, note.body).toBe(200);
    const resolved = await post(server, 'alert-resolve-pause', {
      ...VALID['alert-resolve-pause']?.(),
      ResolveText: text(ALERT_TEXT_MAX_LENGTH),
      PauseMinutes: ALERT_PAUSE_MAX_MINUTES,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
  });
});
