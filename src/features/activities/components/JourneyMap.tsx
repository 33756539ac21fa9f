import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { useTrackColumns } from '../../../store/locationHistory/useTrackColumns';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { selectRuntimeConfig } from '../../../store/slices/runtimeConfigSlice';
import { JourneyTracksMap } from '../../../ui/map/JourneyTracksMap';
import { useColorScheme } from '../../../ui/theme/useColorScheme';

/**
 * The map of the member's journey day or complete timeline (issue 7 item 4; lazily loaded with
 * MapLibre and deck.gl): the shown activities' tracks from the store on {@link JourneyTracksMap},
 * refitted when the journey or the day changes (`fitKey`).
 */
export default function JourneyMap({
  activityIds,
  fitKey,
}: {
  activityIds: readonly number[];
  fitKey: string;
}) {
  const { t } = useTranslation();
  const tracks = useTrackColumns(activityIds);
  const styleUrl = useAppSelector(selectRuntimeConfig)?.mapStyle ?? null;
  const theme = useColorScheme(useAppSelector(selectThemePreference));
  return (
    <JourneyTracksMap
      className="ll-journey-map"
      label={t('Journey.MapLabel')}
      activityIds={activityIds}
      tracks={tracks}
      fitKey={fitKey}
      theme={theme}
      styleUrl={styleUrl}
    />
  );
}
