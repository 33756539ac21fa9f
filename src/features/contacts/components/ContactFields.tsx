import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/forms/TextField';
import type { ContactDraftInput, ContactsFormInput } from '../contactDrafts';
import { useFieldError } from '../../../ui/forms/useFieldError';

/**
 * The text fields of one contact (app §3, §5; policy §3 "Contact"): name (Name rule, 20 characters),
 * relationship (up to 30), phone (required, with the international prefix) and e-mail (optional,
 * needed for sharing activities and alerts by e-mail).
 */
export function ContactFields({
  index,
  errors,
}: {
  readonly index: number;
  readonly errors: FieldErrors<ContactDraftInput> | undefined;
}) {
  const { t } = useTranslation();
  const { register } = useFormContext<ContactsFormInput>();
  const message = useFieldError();
  const path = `EmergencyContacts.${index}` as const;
  return (
    <div className="ll-contact-fields">
      <TextField
        label={t('Contacts.Fields.Name')}
        autoComplete="off"
        {...register(`${path}.Name`)}
        error={message(errors?.Name)}
      />
      <TextField
        label={t('Contacts.Fields.Relationship')}
        autoComplete="off"
        {...register(`${path}.Relationship`)}
        error={message(errors?.Relationship)}
      />
      <TextField
        label={t('Contacts.Fields.Phone')}
        type="tel"
        autoComplete="off"
        hint={t('Contacts.Fields.PhoneHint')}
        {...register(`${path}.Phone`)}
        error={message(errors?.Phone)}
      />
      <TextField
        label={t('Contacts.Fields.Email')}
        type="email"
        autoComplete="off"
        hint={t('Contacts.Fields.EmailHint')}
        {...register(`${path}.Email`)}
        error={message(errors?.Email)}
      />
    </div>
  );
}
