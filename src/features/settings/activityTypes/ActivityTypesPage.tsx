import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import {
  nextRegistrationPath,
  type RegistrationStep,
} from '../../../store/registration/registrationSteps';
import { WearerLoader } from '../components/WearerLoader';
import { settingsSaveReset } from '../settingsSlice';
import { FavouritesForm } from './FavouritesForm';
import '../settings.css';

/** The registration step of this page (spec §4 "Sign-up order": activity types come last). */
export const REGISTRATION_ACTIVITY_TYPES_STEP: RegistrationStep =
  '/auth/registration-activity-types';

/**
 * The favourite activity types (policy §2 "My Activity Types"): /member/activity-types, or with
 * `registration` the sign-up step /auth/registration-activity-types, which goes on to
 * `nextRegistrationPath` (the dashboard with registrationComplete) once saved. The current favourites
 * are pre-selected from the wearer; the watch picks a change up within an hour (policy §9).
 */
export function ActivityTypesPage({ registration = false }: { readonly registration?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(settingsSaveReset('activityTypes'));
  }, [dispatch]);

  return (
    <section className="ll-form-page ll-settings" aria-labelledby="activity-types-title">
      <h1 id="activity-types-title">
        {t(registration ? 'Titles.RegistrationActivityTypes' : 'Titles.ActivityTypes')}
      </h1>
      <p>
        {t(registration ? 'Settings.Favourites.RegistrationIntro' : 'Settings.Favourites.Intro')}
      </p>
      <WearerLoader>
        {(wearer) => (
          <FavouritesForm
            key={wearer.WearerID}
            initial={wearer.ActivityTypes}
            next={registration ? nextRegistrationPath(REGISTRATION_ACTIVITY_TYPES_STEP) : null}
            submitLabel={t(registration ? 'Settings.Favourites.Continue' : 'Settings.Save')}
          />
        )}
      </WearerLoader>
    </section>
  );
}
