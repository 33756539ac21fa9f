import { describe, expect, it } from 'vitest';
import {
  JOURNEY_SHARE_FAILED_KEY,
  journeyShareEpic,
} from '../../../../src/store/activities/journeyShareEpic';
import {
  journeyDayChosen,
  journeyShareRequested,
  journeyShown,
  journeyShareUrl,
  selectJourneyDayIndex,
  selectJourneyShare,
} from '../../../../src/store/activities/journeySlice';
import { answer, callsOf, DAY, failure, inVirtualTime, startStore, T0 } from './activityTestKit';

const SHARE = 'share-journey';
const span = { JourneyStart: T0 - 3 * DAY, JourneyEnd: T0 - DAY };
const later = { JourneyStart: T0 - 2 * DAY, JourneyEnd: T0 };
const URL = 'https://c2.lifeline.example/share/journey/t0k3n';
const shareAnswer = { ShareToken: 'a.b.c', ShareUrl: URL, ShortCode: null };

const notices = (actions: readonly { type: string; payload?: unknown }[]) =>
  actions
    .filter((a) => a.type === 'notifications/notificationShown')
    .map((a) => (a.payload as { key: string }).key);

describe('share the shown journey (spec §7 share-journey; virtual time)', () => {
  it('sends the span and VanityStub once while a call runs, and keeps the link', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, {
        epics: [journeyShareEpic],
        calls: { [SHARE]: () => answer(50, shareAnswer) },
      });
      kit.drive(
        hot('a b 9ms b', {
          a: journeyShown(span),
          b: journeyShareRequested({ ...span, VanityStub: 'black-forest' }),
        }),
      );
      scheduler.schedule(() => {
        expect(selectJourneyShare(kit.store.getState())).toEqual({
          status: 'creating',
          link: null,
        });
      }, 20);
      flush();
      // The second click, while the first call runs, is ignored.
      expect(callsOf(kit.calls, SHARE)).toEqual([[1, { ...span, VanityStub: 'black-forest' }]]);
      expect(selectJourneyShare(kit.store.getState())).toEqual({
        status: 'created',
        link: { ...span, ShareUrl: URL, ShortCode: null },
      });
    });
  });

  it('drops an answer for a journey no longer shown, and a new journey shows no link', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, {
        epics: [journeyShareEpic],
        calls: { [SHARE]: () => answer(50, shareAnswer) },
      });
      kit.drive(
        hot('a b 9ms c', {
          a: journeyShown(span),
          b: journeyShareRequested(span),
          c: journeyShown(later),
        }),
      );
      flush();
      expect(callsOf(kit.calls, SHARE)).toEqual([[1, span]]);
      expect(selectJourneyShare(kit.store.getState())).toEqual({ status: 'idle', link: null });
    });
  });

  it('says so when sharing fails', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const seen: { type: string; payload?: unknown }[] = [];
      const kit = startStore(scheduler, {
        epics: [journeyShareEpic],
        calls: { [SHARE]: () => failure(30) },
      });
      kit.actions$.subscribe((action) => seen.push(action));
      kit.drive(hot('a b', { a: journeyShown(span), b: journeyShareRequested(span) }));
      flush();
      expect(notices(seen)).toEqual([JOURNEY_SHARE_FAILED_KEY]);
      expect(selectJourneyShare(kit.store.getState())).toEqual({ status: 'failed', link: null });
    });
  });
});

describe('journey -> day index and link (policy §3 "Journey: start date, end date, day index")', () => {
  it('journey -> journeyShown shows the complete timeline (999); journeyDayChosen picks a day', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, { epics: [] });
      kit.drive(hot('a b', { a: journeyShown(span), b: journeyDayChosen({ dayIndex: 1 }) }));
      flush();
      expect(selectJourneyDayIndex(kit.store.getState())).toBe(1);
      kit.store.dispatch(journeyShown(later));
      expect(selectJourneyDayIndex(kit.store.getState())).toBe(999);
    });
  });

  it('shows the short link when the server made one, else the full share link', () => {
    expect(journeyShareUrl({ ShareUrl: URL, ShortCode: null })).toBe(URL);
    expect(journeyShareUrl({ ShareUrl: URL, ShortCode: 'Bx7k2' })).toBe(
      'https://c2.lifeline.example/go/Bx7k2',
    );
  });
});
