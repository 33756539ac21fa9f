import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectEffectiveUnits, selectOrganisationUnits } from '../../../store/units/effectiveUnits';
import type { UnitOverride } from '../../../store/units/unitOverrides';
import {
  selectUnitOverrides,
  unitOverrideChanged,
  unitOverrideCleared,
  unitOverridesReset,
} from '../../../store/units/unitPreferenceSlice';
import { useFormatter } from '../../../ui/format';
import { SelectField } from '../../../ui/forms/SelectField';
import { UNIT_CHOICES } from './unitChoices';
import '../settings.css';

/** Sample quantities of the preview, in SI units: a 12.5 km outing at 5 m/s in Oslo. */
const SAMPLE = { metres: 12_500, mps: 5, windMps: 8, celsius: 21.5, altitudeM: 1_234, kg: 72.5 };
const SAMPLE_POSITION = { lat: 59.91273, lon: 10.74609 };

/**
 * /member/units (app §1 "choice of distance, speed, temperature and time units"; issue 7 item 6): one
 * select per unit of app §3 "Units defaults" but the time zone, each starting at "Organisation
 * default" (the client's unit), and "Use organisation defaults" to drop every choice. A choice applies
 * at once to every screen of this browser and is kept there (src/store/units); a preview shows the
 * effect. The header's Units select offers the same as presets (docs/decisions.md "Units preference").
 */
export function UnitsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const organisation = useAppSelector(selectOrganisationUnits);
  const overrides = useAppSelector(selectUnitOverrides);
  const effective = useAppSelector(selectEffectiveUnits);
  const { format, text } = useFormatter(effective);
  const [now] = useState(() => Date.now());
  const zone = { zone: organisation.Timezone };
  const position = format.location(SAMPLE_POSITION.lat, SAMPLE_POSITION.lon);
  const preview: readonly [string, string][] = [
    [t('Settings.Units.Fields.Distance'), text(format.distance(SAMPLE.metres))],
    [t('Settings.Units.Fields.Speed'), text(format.speed(SAMPLE.mps))],
    [t('Settings.Units.Fields.SpeedWind'), text(format.windSpeed(SAMPLE.windMps))],
    [t('Settings.Units.Fields.Temperature'), text(format.temperature(SAMPLE.celsius))],
    [t('Settings.Units.Preview.Altitude'), text(format.altitude(SAMPLE.altitudeM))],
    [t('Settings.Units.Fields.Weight'), text(format.weight(SAMPLE.kg))],
    [t('Settings.Units.Preview.DateTime'), format.dateTime(now)],
    [
      t('Settings.Units.Preview.Position'),
      `${text(position.latitude)} ${text(position.longitude)}`,
    ],
  ];

  return (
    <section className="ll-form-page ll-settings" aria-labelledby="units-title">
      <h1 id="units-title">{t('Titles.Units')}</h1>
      <p>{t('Settings.Units.Intro')}</p>
      <div className="ll-form ll-settings-form">
        {UNIT_CHOICES.map(({ field, labelKey, values }) => {
          const organisationValue = values.find((v) => v.value === organisation[field]);
          return (
            <SelectField
              key={field}
              label={t(labelKey)}
              value={overrides[field] ?? ''}
              placeholder={t('Settings.Units.OrganisationDefault', {
                value: organisationValue ? t(organisationValue.labelKey, zone) : '',
              })}
              options={values.map((v) => ({ value: v.value, label: t(v.labelKey, zone) }))}
              onChange={(event) => {
                const chosen = values.find((v) => v.value === event.target.value);
                // The field and its value come from one UNIT_CHOICES entry: they belong together.
                dispatch(
                  chosen
                    ? unitOverrideChanged({ field, value: chosen.value } as UnitOverride)
                    : unitOverrideCleared({ field }),
                );
              }}
            />
          );
        })}
        <div className="ll-actions">
          <button
            type="button"
            className="ll-button"
            disabled={Object.keys(overrides).length === 0}
            onClick={() => dispatch(unitOverridesReset())}
          >
            {t('Settings.Units.Reset')}
          </button>
        </div>
      </div>
      <section className="ll-settings-section" aria-labelledby="units-preview-title">
        <h2 id="units-preview-title">{t('Settings.Units.Preview.Title')}</h2>
        <dl className="ll-units-preview">
          {preview.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </section>
  );
}
