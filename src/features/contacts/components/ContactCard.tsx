import { useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactDraftInput } from '../contactDrafts';
import { AlertSettings } from './AlertSettings';
import { ContactFields } from './ContactFields';
import { ContactShareOptions } from './ContactShareOptions';
import { RemoveContactConfirm } from './RemoveContactConfirm';

/** One contact of the editor: its row `index` in the form, current values, errors and callbacks. */
export interface ContactCardProps {
  readonly index: number;
  /** The contact as currently edited. */
  readonly contact: ContactDraftInput;
  readonly errors: FieldErrors<ContactDraftInput> | undefined;
  /** Whether the contact's fields are shown. */
  readonly open: boolean;
  /** Shows or hides the fields; absent when they cannot be hidden (a new or invalid contact). */
  readonly onToggle?: (() => void) | undefined;
  /** Stars this contact as the primary one, or un-stars it (policy §1). */
  readonly onStar: () => void;
  /** Removes the contact from the list (after the member confirmed). */
  readonly onRemove: () => void;
}

/**
 * One emergency contact of the editor (app §3; policy §1, §3 "Contact"): a summary with the primary
 * star and what the contact receives, Edit and Remove (with confirmation), and when open its fields,
 * share choices and alert settings.
 */
export function ContactCard({
  index,
  contact,
  errors,
  open,
  onToggle,
  onStar,
  onRemove,
}: ContactCardProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const name = contact.Name.trim() || t('Contacts.NewContact');
  const primary = contact.IsPrimary;
  return (
    <li className="ll-contact">
      <section aria-labelledby={headingId}>
        <div className="ll-contact-head">
          <button
            type="button"
            className="ll-contact-star"
            aria-pressed={primary}
            aria-label={t('Contacts.Primary')}
            title={t('Contacts.Primary')}
            onClick={onStar}
          >
            <span aria-hidden="true">{primary ? '★' : '☆'}</span>
          </button>
          <div className="ll-contact-summary">
            <h2 id={headingId}>{name}</h2>
            <p className="ll-muted">
              {[contact.Relationship.trim(), contact.Phone.trim()].filter(Boolean).join(' · ')}
            </p>
            <p className="ll-contact-tags">
              {contact.ShareAssistanceAlert ? <span>{t('Contacts.Tags.Assistance')}</span> : null}
              {contact.ShareEmergencyAlert ? <span>{t('Contacts.Tags.Emergency')}</span> : null}
            </p>
          </div>
          <div className="ll-contact-actions">
            {onToggle ? (
              <button
                type="button"
                className="ll-button"
                aria-expanded={open}
                aria-controls={bodyId}
                onClick={onToggle}
              >
                {open ? t('Contacts.Actions.Close') : t('Contacts.Actions.Edit')}
              </button>
            ) : null}
            <button
              type="button"
              className="ll-button"
              onClick={() => {
                setConfirming(true);
              }}
            >
              {t('Contacts.Actions.Remove')}
            </button>
          </div>
        </div>
        {confirming ? (
          <RemoveContactConfirm
            name={name}
            onConfirm={onRemove}
            onCancel={() => {
              setConfirming(false);
            }}
          />
        ) : null}
        {open ? (
          <div id={bodyId} className="ll-contact-body">
            <ContactFields index={index} errors={errors} />
            <ContactShareOptions index={index} contact={contact} errors={errors} />
            <AlertSettings index={index} contact={contact} />
          </div>
        ) : null}
      </section>
    </li>
  );
}
