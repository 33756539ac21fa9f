import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { useTrackColumns } from '../../../store/locationHistory/useTrackColumns';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { selectRuntimeConfig } from '../../../store/slices/runtimeConfigSlice';
import { JourneyTracksMap } from '../../../ui/map/JourneyTracksMap';
import { useColorScheme } from '../../../ui/theme/useColorScheme';

/**
 * The map of a shared journey's day (issue 8 item 2; lazily loaded): the shown activities' tracks
 * from the store on {@link JourneyTracksMap}, refitted when the day changes (`fitKey`).
 */
export default function JourneyMap({
  activityIds,
  fitKey,
}: {
  activityIds: readonly number[];
  fitKey: number;
}) {
  const { t } = useTranslation();
  const tracks = useTrackColumns(activityIds);
  const styleUrl = useAppSelector(selectRuntimeConfig)?.mapStyle ?? null;
  const theme = useColorScheme(useAppSelector(selectThemePreference));
  return (
    <JourneyTracksMap
      className="ll-share-map"
      label={t('Share.Journey.MapLabel')}
      activityIds={activityIds}
      tracks={tracks}
      fitKey={fitKey}
      theme={theme}
      styleUrl={styleUrl}
    />
  );
}
