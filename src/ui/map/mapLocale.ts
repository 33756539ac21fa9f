import type { TFunction } from 'i18next';

/**
 * MapLibre's own texts — its controls' labels and the map canvas's accessible name, which screen
 * readers announce — translated (its `locale` option; MapLibre's defaults are English). Keys
 * `Common.Map.*`. The canvas keeps a name of its own ("Map"): the map's container already carries
 * the caller's label, and two regions of one name would be one too many.
 */
export function mapLocale(t: TFunction): Record<string, string> {
  return {
    'AttributionControl.ToggleAttribution': t('Common.Map.ToggleAttribution'),
    'AttributionControl.MapFeedback': t('Common.Map.MapFeedback'),
    'Map.Title': t('Common.Map.Title'),
    'NavigationControl.ResetBearing': t('Common.Map.ResetBearing'),
    'NavigationControl.ZoomIn': t('Common.Map.ZoomIn'),
    'NavigationControl.ZoomOut': t('Common.Map.ZoomOut'),
  };
}
