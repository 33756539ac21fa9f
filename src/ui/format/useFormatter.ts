import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UNITS, type Units } from '../../api/entities/client';
import { formatterFor, type Formatter } from './formatter';
import { measureText, type Measure } from './measure';
import { systemTimeZone } from './time';

/**
 * The formatter of a screen (issue 7 item 6): `units` in the UI language, times in the browser's zone
 * for "Local Browser"; `text(m)` joins a measure's number and translated unit ("12.4 km/h"). Screens
 * pass the store's `selectEffectiveUnits` (the client's units with the viewer's choices on top,
 * src/store/units); null or undefined means the spec's defaults (app §3 "Units defaults"). Stable
 * while units (by reference) and language are.
 */
export function useFormatter(units: Units | null | undefined): {
  format: Formatter;
  text: (m: Measure) => string;
} {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const effective = units ?? DEFAULT_UNITS;
  return useMemo(
    () => ({
      format: formatterFor(effective, language, {
        browserTimeZone: systemTimeZone(),
      }),
      text: (m: Measure) => measureText(m, t),
    }),
    [effective, language, t],
  );
}
