// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { initI18n } from '../../../../src/app/i18n';
import {
  ActivityActions,
  type TrimDraft,
} from '../../../../src/features/activities/components/ActivityActions';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { formatterFor } from '../../../../src/ui/format';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const START = Date.UTC(2026, 10, 20, 9, 0);
const HOUR = 3_600_000;
const format = formatterFor(DEFAULT_UNITS, 'en');

function renderActions(
  end: number | null,
  onTrimDraft?: (draft: TrimDraft | null) => void,
  trim: { trimming?: boolean; onTrimmed?: () => void } = {},
) {
  const store = createAppStore({ dependencies: testDependencies() });
  const activity = {
    ActivityId: 7,
    ActivityType: 'HIKING' as const,
    TimestampStart: START,
    TimestampEnd: end,
  };
  const view = renderRoutesAt(
    store,
    [
      {
        path: '/member/activity/7',
        element: (
          <ActivityActions
            activity={activity}
            format={format}
            onTrimDraft={onTrimDraft}
            {...trim}
          />
        ),
      },
    ],
    '/member/activity/7',
  );
  const sent = (type: string) =>
    store.actionLog
      .entries()
      .map((entry) => entry.action)
      .filter((action) => action.type === type)
      .map((action) => (action as { payload?: unknown }).payload);
  return { ...view, sent };
}

describe('editing an activity (issue 7 item 3; spec §4 edit, trim, delete)', () => {
  it('changes the type through the store’s command', async () => {
    const { sent } = renderActions(START + HOUR);
    await userEvent.selectOptions(screen.getByLabelText('Activity type'), 'RUNNING');
    await userEvent.click(screen.getByRole('button', { name: 'Change type' }));
    expect(sent('activities/activityEditRequested')).toEqual([
      { ActivityId: 7, NewActivityType: 'RUNNING' },
    ]);
  });

  it('trims minutes off both ends, and refuses to leave less than a minute', async () => {
    const { sent } = renderActions(START + HOUR);
    const trim = screen.getByRole('button', { name: 'Trim' });
    expect(trim).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Minutes off the start'));
    await userEvent.type(screen.getByLabelText('Minutes off the start'), '5');
    await userEvent.clear(screen.getByLabelText('Minutes off the end'));
    await userEvent.type(screen.getByLabelText('Minutes off the end'), '10');
    expect(screen.getByText('From 09:05 to 09:50 (45:00)')).toBeVisible();
    await userEvent.click(trim);
    expect(sent('activities/activityTrimRequested')).toEqual([
      { ActivityId: 7, NewActivityStart: START + 5 * 60_000, NewActivityEnd: START + 50 * 60_000 },
    ]);

    await userEvent.clear(screen.getByLabelText('Minutes off the end'));
    await userEvent.type(screen.getByLabelText('Minutes off the end'), '60');
    expect(screen.getByRole('alert')).toHaveTextContent('The activity must last at least 1 minute');
    expect(screen.getByRole('button', { name: 'Trim' })).toBeDisabled();
  });

  it('tells the map which span a valid trim being drafted keeps, for its preview', async () => {
    const drafts: (TrimDraft | null)[] = [];
    renderActions(START + HOUR, (draft) => drafts.push(draft));
    await userEvent.type(screen.getByLabelText('Minutes off the start'), '5');
    expect(drafts.at(-1)).toEqual({ startMs: START + 5 * 60_000, endMs: START + HOUR });
    await userEvent.clear(screen.getByLabelText('Minutes off the end'));
    await userEvent.type(screen.getByLabelText('Minutes off the end'), '60');
    expect(drafts.at(-1)).toBeNull();
    await userEvent.clear(screen.getByLabelText('Minutes off the end'));
    await userEvent.type(screen.getByLabelText('Minutes off the end'), '1');
    expect(drafts.at(-1)).toEqual({ startMs: START + 5 * 60_000, endMs: START + 59 * 60_000 });
  });

  it('offers no trim while the activity is still open', () => {
    renderActions(null);
    expect(screen.queryByRole('button', { name: 'Trim' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('on the trim route: starts in the trim’s first field, says so when it is still open', async () => {
    const trimmed: string[] = [];
    const { sent, unmount } = renderActions(START + HOUR, undefined, {
      trimming: true,
      onTrimmed: () => trimmed.push('sent'),
    });
    expect(screen.getByLabelText('Minutes off the start')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Minutes off the start'), '5');
    expect(trimmed).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Trim' }));
    expect(sent('activities/activityTrimRequested')).toHaveLength(1);
    expect(trimmed).toEqual(['sent']);
    unmount();

    renderActions(null, undefined, { trimming: true });
    expect(screen.getByRole('status')).toHaveTextContent(
      'This activity is still being recorded: it can be trimmed once it has ended.',
    );
  });

  it('deletes only after a confirmation, then goes back to the list', async () => {
    const { sent, router } = renderActions(START + HOUR);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the activity' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent('activities/activityDeleteRequested')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the activity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(sent('activities/activityDeleteRequested')).toEqual([{ ActivityId: 7 }]);
    expect(router.state.location.pathname).toBe('/member/activities');
  });
});
