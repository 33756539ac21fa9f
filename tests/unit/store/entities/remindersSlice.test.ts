import { describe, expect, it } from 'vitest';
import {
  reminderReceived,
  reminderRemoved,
  remindersLoadFailed,
  remindersReceived,
  remindersRequested,
  remindersSlice,
  selectAllReminders,
  selectReminderById,
  selectRemindersByStartTime,
  selectRemindersStatus,
  selectReminderTemplates,
} from '../../../../src/store/entities/remindersSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { reminder, template } from './entitiesTestKit';

const reduce = remindersSlice.reducer;
const initial = reduce(undefined, { type: 'init' });
const loaded = reduce(
  reduce(initial, remindersRequested()),
  remindersReceived({
    WearerID: 5,
    WearerReminders: [reminder(3, '20:00', '20:30'), reminder(1, '08:00', '08:30')],
    ReminderTemplates: [template],
  }),
);

describe('reminders slice (normalized by WearerReminderID)', () => {
  it('reminders -> remindersReceived holds the wearer’s reminders in the server’s order', () => {
    expect(loaded).toMatchObject({
      ids: [3, 1],
      status: 'loaded',
      received: true,
      wearerId: 5,
      templates: [template],
    });
    const state = { reminders: loaded };
    expect(selectReminderById(state, 1)?.StartTime).toBe('08:00');
    expect(selectReminderTemplates(state)).toEqual([template]);
    expect(selectRemindersStatus(state)).toBe('loaded');
  });

  it('reminders -> remindersLoadFailed keeps what was held', () => {
    const failed = reduce(reduce(loaded, remindersRequested()), remindersLoadFailed());
    expect(failed.status).toBe('failed');
    expect(selectAllReminders({ reminders: failed })).toHaveLength(2);
  });

  it('reminders -> reminderReceived upserts, reminderRemoved deletes', () => {
    const saved = reduce(loaded, reminderReceived(reminder(1, '09:00', '09:30')));
    const added = reduce(saved, reminderReceived(reminder(4, '12:00', '12:15')));
    expect(added.ids).toEqual([3, 1, 4]);
    expect(added.entities[1]?.StartTime).toBe('09:00');
    expect(reduce(added, reminderRemoved(3)).ids).toEqual([1, 4]);
  });

  it('reminders -> loggedOut forgets them', () => {
    expect(reduce(loaded, loggedOut({ reason: 'user' }))).toEqual(initial);
  });

  it('sorts by start time, then end time, then text, memoized', () => {
    const state = {
      reminders: reduce(loaded, reminderReceived(reminder(2, '08:00', '08:30', 'Breakfast'))),
    };
    const sorted = selectRemindersByStartTime(state);
    expect(sorted.map((r) => r.WearerReminderID)).toEqual([2, 1, 3]);
    expect(selectRemindersByStartTime({ reminders: state.reminders })).toBe(sorted);
  });
});
