import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { createStorage } from '../../../../src/streams/storage';
import { mapLocale } from '../../../../src/ui/map/mapLocale';

describe("mapLocale: MapLibre's control labels in the user's language", () => {
  it('translates every text the map shows', async () => {
    const i18n = await initI18n(createStorage(null), 'de-DE');
    const locale = mapLocale(i18n.t);
    expect(locale).toEqual({
      'AttributionControl.ToggleAttribution': 'Kartenquellen ein- oder ausblenden',
      'AttributionControl.MapFeedback': 'Feedback zur Karte',
      'Map.Title': 'Karte',
      'NavigationControl.ResetBearing':
        'Ziehen, um die Karte zu drehen; klicken, um nach Norden auszurichten',
      'NavigationControl.ZoomIn': 'Vergrößern',
      'NavigationControl.ZoomOut': 'Verkleinern',
    });
  });
});
