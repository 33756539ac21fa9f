import { catchError, defer, exhaustMap, forkJoin, from, map, mergeMap, of, switchMap } from 'rxjs';
import { setTerms } from '../../api/calls/authHost';
import { documentFor, documentPath, fetchDocumentText } from '../../api/client/documentsClient';
import type { AppEpic } from '../../store/epic';
import { errorDetail } from '../../store/failureDetail';
import { authHostClientFor } from '../../store/session/services';
import { memberTermsUpdated } from '../../store/session/sessionSlice';
import {
  termsAccepted,
  termsAcceptanceFailed,
  termsAcceptanceRequested,
  termsDocumentsFailed,
  termsDocumentsLoaded,
  termsDocumentsRequested,
} from './termsSlice';
import { ofAction } from '../../store/operators/ofAction';

/** The message when the host's echo differs (spec §5, verbatim in English). */
export const TERMS_ECHO_MISMATCH = 'Errors.TermsTimestampMismatch';

/** Loads the member's EULA and privacy policy in the UI language (English as the fallback). */
export const termsDocumentsEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(termsDocumentsRequested),
    switchMap(() => {
      const client = state$.value.client.client;
      const language = deps.currentLanguage();
      const eula = client ? documentFor(client.Documents, 'Eula', language) : null;
      const privacy = client ? documentFor(client.Documents, 'PrivacyPolicy', language) : null;
      if (!client || !eula || !privacy) return of(termsDocumentsFailed());
      return forkJoin({
        eula: defer(() => fetchDocumentText(deps.fetch, documentPath(client.ClientID, eula))),
        privacy: defer(() => fetchDocumentText(deps.fetch, documentPath(client.ClientID, privacy))),
      }).pipe(
        map(termsDocumentsLoaded),
        catchError(() => of(termsDocumentsFailed())),
      );
    }),
  );

/**
 * Accepting the terms (spec §7 set-terms): the acceptance time, and the marketing opt-in time or -1.
 * The host must echo the same TermsAcceptedTimestamp, otherwise 'Failed to update terms timestamp. Try
 * reloading the page.' (spec §5); on success the member record is updated and the user goes to the
 * remembered route (the page navigates).
 */
export const termsAcceptanceEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(termsAcceptanceRequested),
    exhaustMap(({ payload }) => {
      const acceptedAt = deps.now();
      const spamMeAt = payload.marketing ? acceptedAt : -1;
      return defer(() =>
        from(
          authHostClientFor(() => state$.value, deps).call(setTerms, {
            TermsAcceptedTimestamp: acceptedAt,
            SpamMeTimestamp: spamMeAt,
          }),
        ),
      ).pipe(
        mergeMap((answer) =>
          answer.TermsAcceptedTimestamp === acceptedAt
            ? [
                memberTermsUpdated({
                  termsAcceptedAt: acceptedAt,
                  spamMeAt: payload.marketing ? acceptedAt : null,
                }),
                termsAccepted(),
              ]
            : [termsAcceptanceFailed({ key: TERMS_ECHO_MISMATCH })],
        ),
        catchError((error: unknown) =>
          of(
            termsAcceptanceFailed({
              key: 'Errors.SetMemberTermsError',
              detail: errorDetail(error),
            }),
          ),
        ),
      );
    }),
  );

export const termsEpics: AppEpic[] = [termsDocumentsEpic, termsAcceptanceEpic];
