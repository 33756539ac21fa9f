import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ALERT_CHANNELS,
  alertChannelsFor,
  alertTypesFor,
  hasEmail,
  withAlertChannel,
} from '../../../api/entities/contactAlerts';
import type { ContactDraftInput, ContactsFormInput } from '../contactDrafts';

/**
 * The expandable "alert settings" of one contact (app §3 "AlertConfigs per alert type (Email, Call,
 * Sms)"): for each alert type the contact is told about (src/api/entities/contactAlerts.ts),
 * the channels used. A type the member never changed shows the contact's defaults and is stored only
 * once changed; e-mail needs an address.
 */
export function AlertSettings({
  index,
  contact,
}: {
  readonly index: number;
  readonly contact: ContactDraftInput;
}) {
  const { t } = useTranslation();
  const { setValue } = useFormContext<ContactsFormInput>();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const types = alertTypesFor(contact);
  const emailPossible = hasEmail(contact);
  const name = contact.Name.trim() || t('Contacts.ThisContact');
  return (
    <div className="ll-contact-alerts">
      <button
        type="button"
        className="ll-link-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {t('Contacts.AlertSettings.Show')}
      </button>
      {open ? (
        <div id={panelId}>
          <p className="ll-muted">
            {types.length > 0
              ? t('Contacts.AlertSettings.Intro', { name })
              : t('Contacts.AlertSettings.None')}
          </p>
          {!emailPossible && types.length > 0 ? (
            <p className="ll-muted">{t('Contacts.AlertSettings.EmailNeedsAddress')}</p>
          ) : null}
          {types.map((type) => {
            const channels = alertChannelsFor(contact, type);
            return (
              <fieldset key={type} className="ll-contact-alert-type">
                <legend>{t(`Contacts.AlertTypes.${type}`)}</legend>
                {ALERT_CHANNELS.map((channel) => (
                  <label key={channel} className="ll-check">
                    <input
                      type="checkbox"
                      checked={
                        channel === 'Email' ? channels.Email && emailPossible : channels[channel]
                      }
                      disabled={channel === 'Email' && !emailPossible}
                      onChange={(event) => {
                        setValue(
                          `EmergencyContacts.${index}.AlertConfigs`,
                          withAlertChannel(contact, type, channel, event.target.checked),
                          { shouldDirty: true },
                        );
                      }}
                    />
                    {t(`Contacts.Channels.${channel}`)}
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
