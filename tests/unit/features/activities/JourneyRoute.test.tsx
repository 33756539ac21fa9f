// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { activityRoutes } from '../../../../src/features/activities';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { registerMswServer } from '../../support/mswServer';
import { renderRoutesAt } from '../../support/renderRoutes';
import {
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from '../../store/testDependencies';

// The screen's chunk arrives only when the test lets it.
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    arrived,
    release: () => {
      release();
    },
  };
});
vi.mock('../../../../src/features/activities/pages/JourneyPage', async () => {
  await chunk.arrived;
  return {
    JourneyPage: ({ openedAtMs }: { openedAtMs: number }) => (
      <p data-testid="journey-screen">{String(openedAtMs)}</p>
    ),
  };
});

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const API = `${testMember.DomainUrl}/api/member-integration`;

describe('the journey route (render-as-you-fetch)', () => {
  it('asks for the summaries the screen opens on while the screen’s chunk is still loading', async () => {
    const windows: { TimeStart: number; TimeEnd: number }[] = [];
    server.use(
      http.post(`${API}/member-wearer-activity-summaries`, async ({ request }) => {
        windows.push((await request.json()) as { TimeStart: number; TimeEnd: number });
        return HttpResponse.json({ Activities: [] });
      }),
    );
    const store = createAppStore({
      dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
      preloadedState: startedState(signedInIdentity(Date.now() + 3_600_000), testClient),
    });
    const before = Date.now();
    renderRoutesAt(store, activityRoutes, '/member/share-journey');
    await vi.waitFor(() => {
      expect(windows).toHaveLength(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByTestId('journey-screen')).toBeNull();

    chunk.release();
    const opened = Number((await screen.findByTestId('journey-screen')).textContent);
    // The screen opens on the moment the route asked for: the year up to it.
    expect(opened).toBeGreaterThanOrEqual(before);
    expect(windows[0]?.TimeEnd).toBe(opened);
  });
});
