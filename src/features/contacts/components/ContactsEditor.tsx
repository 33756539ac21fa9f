import { useEffect, useState } from 'react';
import {
  FormProvider,
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { EmergencyContact } from '../../../api/entities/contact';
import { SharedAlertChoices } from '../../../api/validation';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import {
  ContactsForm,
  blankDraft,
  draftOf,
  type ContactDraftInput,
  type ContactsFormInput,
} from '../contactDrafts';
import { contactsSaveRequested, selectContactsEditor } from '../contactsEditorSlice';
import { nestedZodFormResolver } from '../contactsFormResolver';
import { ContactCard } from './ContactCard';

const LIST = 'EmergencyContacts';

/** The list rules' messages for `drafts` (app §4 step 5, §5): none, one or both keys. */
function listMessageKeys(drafts: readonly ContactDraftInput[]): string[] {
  return SharedAlertChoices.safeParse(drafts).error?.issues.map((issue) => issue.message) ?? [];
}

/**
 * The one emergency-contacts editor of registration-contacts, login-contacts and member/contacts
 * (app §2, §3 "Emergency contact", §5; policy §1): the member's contacts in order, each editable and
 * removable (with confirmation), one primary star, a contact to add, and Save. Nothing is sent while a
 * contact's fields or the list rules (one contact for assistance requests, one for emergency alerts)
 * fail. The save goes through the store (`contactsSaveRequested`); a refused save keeps the input and
 * shows the server's messages at their fields. `contacts` is the list to start from: the page mounts a
 * fresh editor after each successful save.
 */
export function ContactsEditor({
  contacts,
  submitLabel,
}: {
  readonly contacts: readonly EmergencyContact[];
  readonly submitLabel: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectContactsEditor);
  const [attempted, setAttempted] = useState(false);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const form = useForm<ContactsFormInput, unknown, z.output<typeof ContactsForm>>({
    resolver: nestedZodFormResolver(ContactsForm, [LIST]),
    defaultValues: {
      EmergencyContacts: contacts.length > 0 ? contacts.map(draftOf) : [blankDraft()],
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: LIST });
  const drafts = useWatch({ control: form.control, name: LIST });
  const itemErrors = form.formState.errors.EmergencyContacts as
    readonly (FieldErrors<ContactDraftInput> | undefined)[] | undefined;

  useEffect(() => {
    if (editor.save !== 'failed') return;
    for (const { path, key } of editor.fieldMessages) {
      if (path !== LIST) {
        form.setError(path as FieldPath<ContactsFormInput>, { type: 'server', message: key });
      }
    }
  }, [editor.save, editor.fieldMessages, form]);

  const serverFlagged = (index: number) =>
    editor.save === 'failed' &&
    editor.fieldMessages.some(({ path }) => path.startsWith(`${LIST}.${index}.`));
  const listKeys = new Set([
    ...(attempted ? listMessageKeys(drafts) : []),
    ...(editor.save === 'failed'
      ? editor.fieldMessages.filter(({ path }) => path === LIST).map(({ key }) => key)
      : []),
  ]);
  const toggle = (id: string) => {
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  const star = (index: number) => {
    drafts.forEach((draft, i) => {
      form.setValue(`${LIST}.${i}.IsPrimary`, i === index ? !draft.IsPrimary : false, {
        shouldDirty: true,
      });
    });
  };

  return (
    <FormProvider {...form}>
      <form
        className="ll-form ll-contacts-form"
        noValidate
        onSubmit={(event) => {
          setAttempted(true);
          void form.handleSubmit(
            (values) => {
              dispatch(contactsSaveRequested(values.EmergencyContacts));
            },
            (errors) => {
              // Open every contact with an error, so that its messages can be seen and fixed.
              const invalid = fields.filter((_field, i) => errors.EmergencyContacts?.[i]);
              setOpened((current) => new Set([...current, ...invalid.map((field) => field.id)]));
            },
          )(event);
        }}
      >
        <ul className="ll-contacts-list">
          {fields.map((field, index) => {
            const contact = drafts[index] ?? blankDraft();
            const fixedOpen = contact.EmergencyContactID === undefined || serverFlagged(index);
            return (
              <ContactCard
                key={field.id}
                index={index}
                contact={contact}
                errors={itemErrors?.[index]}
                open={fixedOpen || opened.has(field.id)}
                onToggle={
                  fixedOpen
                    ? undefined
                    : () => {
                        toggle(field.id);
                      }
                }
                onStar={() => {
                  star(index);
                }}
                onRemove={() => {
                  remove(index);
                }}
              />
            );
          })}
        </ul>
        {fields.length === 0 ? <p className="ll-muted">{t('Contacts.Empty')}</p> : null}
        <div className="ll-actions">
          <button
            type="button"
            className="ll-button"
            onClick={() => {
              append(blankDraft());
            }}
          >
            {t('Contacts.Actions.Add')}
          </button>
        </div>
        {[...listKeys].map((key) => (
          <FormMessage key={key} tone="error">
            {t(key)}
          </FormMessage>
        ))}
        {editor.save === 'failed' && editor.errorKey ? (
          <FormMessage tone="error">{t(editor.errorKey)}</FormMessage>
        ) : null}
        <p className="ll-muted">{t('Contacts.SaveHint')}</p>
        <SubmitButton busy={editor.save === 'pending'}>{submitLabel}</SubmitButton>
      </form>
    </FormProvider>
  );
}
