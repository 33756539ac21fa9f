import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  contactsRequested,
  selectAllContacts,
  selectContactsComplete,
  selectContactsStatus,
} from '../../store/entities/contactsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { nextRegistrationPath } from '../../store/registration/registrationSteps';
import { FormMessage } from '../../ui/forms/FormMessage';
import { LoadingScreen } from '../../ui/layout/LoadingScreen';
import { safeReturnPath } from '../../ui/routing/safeReturnPath';
import { ContactsEditor } from './components/ContactsEditor';
import { contactsEditorReset, selectContactsEditor } from './contactsEditorSlice';
import './contacts.css';

/**
 * Where the contacts editor is shown (app §2):
 * - `registration`: /auth/registration-contacts, a step of the sign-up order (app §4); after a save the
 *   next step;
 * - `login`: /auth/login-contacts, login gating step 5 (app §4) with the LoginVerifyContacts notice;
 *   after a save the remembered `?returnTo=` route (a safe in-app path) or the dashboard;
 * - `member`: /member/contacts; a save stays on the page with a success notice.
 */
export type ContactsPageMode = 'registration' | 'login' | 'member';

/** Where a successful save leads in `mode`, or null to stay (member/contacts). */
function nextPathOf(mode: ContactsPageMode, returnTo: string | null): string | null {
  if (mode === 'registration') return nextRegistrationPath('/auth/registration-contacts');
  if (mode === 'login') return returnTo ? safeReturnPath(returnTo) : '/member';
  return null;
}

/**
 * The emergency contacts screen (app §2, §3 "Emergency contact"; policy §1): waits for the member's
 * contacts (offering a retry when they failed to load), then shows the {@link ContactsEditor}.
 */
export function ContactsPage({ mode }: { readonly mode: ContactsPageMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const contacts = useAppSelector(selectAllContacts);
  const received = useAppSelector(selectContactsComplete) !== null;
  const status = useAppSelector(selectContactsStatus);
  const editor = useAppSelector(selectContactsEditor);
  // Saves counted before this page opened are not this page's.
  const [savedBefore] = useState(editor.savedCount);
  const justSaved = editor.save === 'done' && editor.savedCount > savedBefore;
  const next = nextPathOf(mode, params.get('returnTo'));

  useEffect(
    () => () => {
      dispatch(contactsEditorReset());
    },
    [dispatch],
  );
  useEffect(() => {
    if (justSaved && next !== null) void navigate(next, { replace: true });
  }, [justSaved, next, navigate]);

  return (
    <section className="ll-form-page ll-contacts" aria-labelledby="contacts-title">
      <h1 id="contacts-title">{t('Contacts.Title')}</h1>
      {mode === 'login' ? (
        <FormMessage tone="info">{t('Contacts.LoginVerifyContacts')}</FormMessage>
      ) : null}
      <p>{t('Contacts.Intro')}</p>
      {justSaved && next === null ? (
        <FormMessage tone="success">{t('Contacts.Saved')}</FormMessage>
      ) : null}
      {received ? (
        <ContactsEditor
          key={editor.savedCount}
          contacts={contacts}
          submitLabel={
            mode === 'member' ? t('Contacts.Actions.Save') : t('Contacts.Actions.SaveAndContinue')
          }
        />
      ) : status === 'failed' ? (
        <FormMessage
          tone="error"
          actions={
            <button
              type="button"
              className="ll-button"
              onClick={() => dispatch(contactsRequested())}
            >
              {t('Errors.NetworkError.RetryNow')}
            </button>
          }
        >
          {t('Errors.ContactsLoadFailed')}
        </FormMessage>
      ) : (
        <LoadingScreen label={t('Common.Loading')} />
      )}
    </section>
  );
}
