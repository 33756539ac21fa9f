import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UNITS, type Units } from '../../api/entities/client';
import { formatterFor, measureText, type Formatter, type Measure } from '../../ui/format';

/**
 * The share view's formatter (src/ui/format): the client's units when known, else the spec's defaults
 * (app §3 "Units defaults"), in the UI language, times in the browser's zone for "Local Browser"; and
 * `text(measure)` joining a measure's number and translated unit ("12.4 km/h").
 */
export function useShareFormat(units: Units = DEFAULT_UNITS): {
  format: Formatter;
  text: (m: Measure) => string;
} {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () => ({
      format: formatterFor(units, language, {
        browserTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
      text: (m: Measure) => measureText(m, t),
    }),
    [units, language, t],
  );
}
