import type { TFunction } from 'i18next';

/**
 * MapLibre's own texts — its controls' labels and the map canvas's accessible name, which screen
 * readers announce — translated (its `locale` option; MapLibre's defaults are English). Keys
 * `Common.Map.*`; `title` names the map canvas when the caller has a label for it.
 */
export function mapLocale(t: TFunction, title?: string): Record<string, string> {
  return {
    'AttributionControl.ToggleAttribution': t('Common.Map.ToggleAttribution'),
    'AttributionControl.MapFeedback': t('Common.Map.MapFeedback'),
    'Map.Title': title ?? t('Common.Map.Title'),
    'NavigationControl.ResetBearing': t('Common.Map.ResetBearing'),
    'NavigationControl.ZoomIn': t('Common.Map.ZoomIn'),
    'NavigationControl.ZoomOut': t('Common.Map.ZoomOut'),
  };
}
