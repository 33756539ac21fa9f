import { Observable } from 'rxjs';
import type { CallDef, CallRequest, CallResponse } from '../../api/call';
import { createMemberIntegrationPublicClient } from '../../api/client/apiClients';
import type { StoreDependencies } from '../dependencies';
import type { RootState } from '../rootReducer';
import { memberApiFor } from '../session/services';

/**
 * The calls of the member's own domain (spec §7 "The member API base is the member's own domain
 * URL") as cold Observables: `call(def, request)` sends the request when subscribed, emits the
 * validated response once and completes, or errors with the client's typed failure
 * (src/api/client/apiErrors.ts). Unsubscribing aborts the request. Epics that call the API through
 * this run in virtual time in tests, which inject a fake (`StoreDependencies.memberCalls`).
 */
export interface MemberCalls {
  call<C extends CallDef>(def: C, request: CallRequest<C>): Observable<CallResponse<C>>;
}

/** Builds the {@link MemberCalls} of a store from its current state (domain URL, member token). */
export type MemberCallsFactory = (getState: () => RootState) => MemberCalls;

/**
 * The member calls of `deps`: the injected fake when there is one, otherwise `member-integration`
 * calls with the MemberIntegrationToken and `member-integration-public` calls without a token, both
 * on the member's DomainUrl (read when a call is subscribed; a call before the member is loaded
 * errors).
 */
export function memberCallsFor(getState: () => RootState, deps: StoreDependencies): MemberCalls {
  if (deps.memberCalls) return deps.memberCalls(getState);
  return {
    call: <C extends CallDef>(def: C, request: CallRequest<C>) =>
      new Observable<CallResponse<C>>((subscriber) => {
        const abort = new AbortController();
        // async: a throw (no member loaded yet) becomes the Observable's error like a failed call.
        const answer = async (): Promise<CallResponse<C>> => {
          if (def.api === 'member-integration') {
            return memberApiFor(getState, deps).call(def, request, abort.signal);
          }
          const domainUrl = getState().session.member?.DomainUrl;
          if (!domainUrl) throw new Error('The member is not loaded');
          return createMemberIntegrationPublicClient(domainUrl, deps.fetch).call(
            def,
            request,
            abort.signal,
          );
        };
        answer().then(
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
  };
}
