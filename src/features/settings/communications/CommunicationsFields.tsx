import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Wearer } from '../../../api/entities/member';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { SwitchField } from '../../../ui/forms/SwitchField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { SaveErrorMessage } from '../components/SaveErrorMessage';
import { communicationsSaveRequested, selectCommunicationsSave } from '../settingsSlice';
import {
  COMMUNICATION_GROUPS,
  CommunicationsForm,
  communicationsDefaults,
} from './communicationGroups';

/**
 * The communication switches in their three groups (policy §3), starting from the wearer's record, and
 * the save (spec §7 member-wearer-update-communication-options).
 */
export function CommunicationsFields({ wearer }: { readonly wearer: Wearer }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const save = useAppSelector(selectCommunicationsSave);
  const form = useForm({
    resolver: zodFormResolver(CommunicationsForm),
    defaultValues: communicationsDefaults(wearer),
  });

  return (
    <form
      className="ll-form ll-settings-form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(({ MarketingEmails, ...options }) => {
          dispatch(communicationsSaveRequested({ options, marketing: MarketingEmails }));
        })(event)
      }
    >
      {COMMUNICATION_GROUPS.map(({ group, switches }) => (
        <fieldset key={group} className="ll-settings-group">
          <legend>{t(`Settings.Communications.Groups.${group}`)}</legend>
          {switches.map((name) => (
            <SwitchField
              key={name}
              label={t(`Settings.Communications.Options.${name}`)}
              {...form.register(name)}
            />
          ))}
        </fieldset>
      ))}
      {save.error ? <SaveErrorMessage error={save.error} /> : null}
      <SubmitButton busy={save.status === 'pending'}>{t('Settings.Save')}</SubmitButton>
    </form>
  );
}
