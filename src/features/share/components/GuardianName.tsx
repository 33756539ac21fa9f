import { memo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { PersonName } from '../../../api/validation';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { guardianNameChosen, selectShareViewer } from '../../../store/shares/shareActionsSlice';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { useFieldError } from '../../../ui/forms/useFieldError';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import './shareActions.css';

/** The guardian-name form: a person's name (app §5 name rules, as SenderName / GuardianName). */
const NameForm = z.object({ name: PersonName });

/**
 * Asks a share viewer once for the name their messages, notes and resolves carry (spec app §7
 * message-send SenderName, alert-add-note / alert-resolve-pause GuardianName). The name is kept in
 * this browser (src/store/shares/shareViewer.ts), so a later visit shows it with a "Change name"
 * button instead of the form. Nothing until the viewer was read from storage.
 */
export const GuardianName = memo(function GuardianName() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectShareViewer);
  const fieldError = useFieldError();
  const [editing, setEditing] = useState(false);
  const form = useForm({
    resolver: zodFormResolver(NameForm),
    defaultValues: { name: viewer?.GuardianName ?? '' },
  });
  if (!viewer) return null;
  const named = viewer.GuardianName !== null;

  if (named && !editing) {
    return (
      <section className="ll-share-guardian" aria-label={t('Share.Messages.GuardianName.Title')}>
        <p>{t('Share.Messages.GuardianName.Current', { name: viewer.GuardianName })}</p>
        <button
          type="button"
          className="ll-button"
          onClick={() => {
            form.reset({ name: viewer.GuardianName ?? '' });
            setEditing(true);
          }}
        >
          {t('Share.Messages.GuardianName.Change')}
        </button>
      </section>
    );
  }
  return (
    <section className="ll-share-guardian" aria-labelledby="share-guardian-title">
      <h2 id="share-guardian-title">{t('Share.Messages.GuardianName.Title')}</h2>
      <p className="ll-muted">{t('Share.Messages.GuardianName.Intro')}</p>
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            dispatch(guardianNameChosen({ GuardianName: values.name.trim() }));
            setEditing(false);
          })(event)
        }
      >
        <TextField
          label={t('Share.Messages.GuardianName.Label')}
          autoComplete="name"
          {...form.register('name')}
          error={fieldError(form.formState.errors.name)}
        />
        <SubmitButton busy={false}>{t('Share.Messages.GuardianName.Save')}</SubmitButton>
      </form>
    </section>
  );
});
