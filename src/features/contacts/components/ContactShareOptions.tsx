import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../../ui/forms/CheckField';
import type { ContactDraftInput, ContactsFormInput } from '../contactDrafts';
import { useFieldError } from '../../../ui/forms/useFieldError';

/**
 * What one contact may do and receives (app §3; policy §3 "Share flags"): call and text the watch,
 * activity tracking, assistance requests, emergency alerts — and, for emergency alerts, the wearer's
 * confirmation that the contact agrees to have their name and details sent to rescue services and
 * shown to the other contacts (policy §1).
 */
export function ContactShareOptions({
  index,
  contact,
  errors,
}: {
  readonly index: number;
  readonly contact: ContactDraftInput;
  readonly errors: FieldErrors<ContactDraftInput> | undefined;
}) {
  const { t } = useTranslation();
  const { register } = useFormContext<ContactsFormInput>();
  const message = useFieldError();
  const path = `EmergencyContacts.${index}` as const;
  const name = contact.Name.trim() || t('Contacts.ThisContact');
  return (
    <fieldset className="ll-contact-share">
      <legend>{t('Contacts.Share.Legend')}</legend>
      <CheckField label={t('Contacts.Share.CanCall')} {...register(`${path}.CanCall`)} />
      <CheckField label={t('Contacts.Share.CanSms')} {...register(`${path}.CanSms`)} />
      <CheckField
        label={t('Contacts.Share.ShareActivity')}
        {...register(`${path}.ShareActivity`)}
      />
      <CheckField
        label={t('Contacts.Share.ShareAssistanceAlert')}
        {...register(`${path}.ShareAssistanceAlert`)}
      />
      <CheckField
        label={t('Contacts.Share.ShareEmergencyAlert')}
        {...register(`${path}.ShareEmergencyAlert`)}
      />
      {contact.ShareEmergencyAlert ? (
        <div className="ll-contact-consent">
          <p>{t('Contacts.Consent.Explanation', { name })}</p>
          <CheckField
            label={t('Contacts.Consent.Confirm', { name })}
            {...register(`${path}.ConsentConfirmed`)}
            error={message(errors?.ConsentConfirmed)}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
