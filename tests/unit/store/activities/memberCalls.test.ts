import { EMPTY, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { memberWearerActivityDelete } from '../../../../src/api/calls/memberIntegrationActivities';
import { rescueOrgs } from '../../../../src/api/calls/memberIntegrationPublic';
import { memberCallsFor, type MemberCalls } from '../../../../src/store/activities/memberCalls';
import type { RootState } from '../../../../src/store/rootReducer';
import {
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from '../testDependencies';
import { until } from '../../support/until';

interface Seen {
  url: string;
  authorization: string | null;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

/** The URL a fetch was asked for. */
function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function recordingFetch(seen: Seen[], body: unknown): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    seen.push({
      url: urlOf(input),
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init?.signal,
    });
    return Promise.resolve(Response.json(body));
  };
}

const state: RootState = startedState(signedInIdentity(Date.now() + 3_600_000), testClient);

describe('member calls as Observables (spec §7: the member API base is the member’s own domain)', () => {
  it('sends member-integration calls to the member’s domain with the member token', async () => {
    const seen: Seen[] = [];
    const calls = memberCallsFor(
      () => state,
      testDependencies({ fetch: recordingFetch(seen, { DeleteStatus: true }) }),
    );
    await expect(
      firstValueFrom(calls.call(memberWearerActivityDelete, { ActivityId: 3 })),
    ).resolves.toEqual({
      DeleteStatus: true,
    });
    expect(seen).toEqual([
      expect.objectContaining({
        url: `${testMember.DomainUrl}/api/member-integration/member-wearer-activity-delete`,
        authorization: 'Bearer member-token',
        body: { ActivityId: 3 },
      }),
    ]);
  });

  it('sends public calls to the member’s domain without a token', async () => {
    const seen: Seen[] = [];
    const calls = memberCallsFor(
      () => state,
      testDependencies({ fetch: recordingFetch(seen, { RescueOrgs: [] }) }),
    );
    await firstValueFrom(calls.call(rescueOrgs, { CountryCodes: ['NO'], IncludeRegions: false }));
    expect(seen[0]?.url).toBe(`${testMember.DomainUrl}/api/member-integration-public/rescue-orgs`);
    expect(seen[0]?.authorization).toBeNull();
  });

  it('sends nothing until subscribed, and aborts the request on unsubscribe', async () => {
    const seen: Seen[] = [];
    const never: typeof fetch = (input, init) => {
      seen.push({ url: urlOf(input), authorization: null, body: undefined, signal: init?.signal });
      return new Promise<Response>(() => undefined);
    };
    const call$ = memberCallsFor(() => state, testDependencies({ fetch: never })).call(
      memberWearerActivityDelete,
      { ActivityId: 3 },
    );
    expect(seen).toEqual([]);
    const subscription = call$.subscribe();
    await until(() => seen.length === 1);
    expect(seen[0]?.signal?.aborted).toBe(false);
    subscription.unsubscribe();
    expect(seen[0]?.signal?.aborted).toBe(true);
  });

  it('errors before the member is loaded', async () => {
    const signedOut = startedState(null, null);
    const calls = memberCallsFor(() => signedOut, testDependencies());
    await expect(
      firstValueFrom(calls.call(memberWearerActivityDelete, { ActivityId: 3 })),
    ).rejects.toThrow('The member is not loaded');
    await expect(
      firstValueFrom(calls.call(rescueOrgs, { CountryCodes: ['NO'], IncludeRegions: false })),
    ).rejects.toThrow('The member is not loaded');
  });

  it('uses the injected fake when there is one', () => {
    const fake: MemberCalls = { call: () => EMPTY };
    expect(memberCallsFor(() => state, testDependencies({ memberCalls: () => fake }))).toBe(fake);
  });
});
