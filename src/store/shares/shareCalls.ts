import { Observable } from 'rxjs';
import type { CallDef, CallRequest, CallResponse } from '../../api/call';
import { createMemberIntegrationPublicClient } from '../../api/client/apiClients';
import type { MemberCalls } from '../activities/memberCalls';

/**
 * The shared-viewing calls of one share link (spec app §7 "Shared viewing (public)"): the
 * `member-integration-public` API on the share token's C2Url, as cold Observables in the shape of
 * {@link MemberCalls} (subscribe sends, unsubscribe aborts; errors are the client's typed failures).
 */
export type ShareCallsFactory = (c2Url: string) => MemberCalls;

/** {@link ShareCallsFactory} over `fetch` (the browser's; msw in component tests). */
export function shareCallsOver(fetchImpl: typeof fetch): ShareCallsFactory {
  return (c2Url) => ({
    call: <C extends CallDef>(def: C, request: CallRequest<C>) =>
      new Observable<CallResponse<C>>((subscriber) => {
        const abort = new AbortController();
        createMemberIntegrationPublicClient(c2Url, fetchImpl)
          .call(def, request, abort.signal)
          .then(
            (response) => {
              subscriber.next(response);
              subscriber.complete();
            },
            (error: unknown) => {
              subscriber.error(error);
            },
          );
        return () => {
          abort.abort();
        };
      }),
  });
}
