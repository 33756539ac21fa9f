import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectIdentity } from '../../../store/session/sessionSlice';
import { selectEffectiveUnits } from '../../../store/units/effectiveUnits';
import { WearerLoader } from '../components/WearerLoader';
import { settingsSaveReset } from '../settingsSlice';
import { EmergencyInfoSummary, hasEmergencyInfo } from './EmergencyInfoSummary';
import { PersonalDetailsFields } from './PersonalDetailsFields';
import '../settings.css';

/**
 * /member/personal-details (spec §2; policy §2 "Personal Details (phone number and extra emergency
 * info)"): the editable details, then the extra emergency information read-only when the wearer has
 * any. Saving shows 'Personal details updated' (spec §8); a new phone must be verified (spec §4).
 */
export function PersonalDetailsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // The client's date format, or the member's own choice (units page).
  const dateFormat = useAppSelector(selectEffectiveUnits).DateFormat;
  const verifiedPhone = useAppSelector(selectIdentity)?.phoneNumber ?? null;
  useEffect(() => {
    dispatch(settingsSaveReset('personalDetails'));
  }, [dispatch]);

  return (
    <section className="ll-form-page ll-settings" aria-labelledby="personal-details-title">
      <h1 id="personal-details-title">{t('Titles.PersonalDetails')}</h1>
      <WearerLoader>
        {(wearer) => (
          <>
            <PersonalDetailsFields
              key={`${wearer.WearerID}-${dateFormat}`}
              wearer={wearer}
              dateFormat={dateFormat}
              verifiedPhone={verifiedPhone}
            />
            {hasEmergencyInfo(wearer.EmergencyInfo) ? (
              <EmergencyInfoSummary info={wearer.EmergencyInfo} />
            ) : null}
          </>
        )}
      </WearerLoader>
    </section>
  );
}
