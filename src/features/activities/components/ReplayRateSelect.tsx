import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The replay's rate (× real time) as a labelled select of `rates`. Memoized: the replay map renders in
 * every animation frame while it plays, and translating the options with their interpolated rate each
 * time cost about 16 ms of main thread a second at 100× (docs/decisions.md, 2026-12-02).
 */
export const ReplayRateSelect = memo(function ReplayRateSelect({
  rates,
  rate,
  onRateChange,
}: {
  rates: readonly number[];
  rate: number;
  onRateChange: (rate: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <label>
      {t('Activities.Replay.Speed')}
      <select
        value={rate}
        onChange={(e) => {
          onRateChange(Number(e.target.value));
        }}
      >
        {rates.map((s) => (
          <option key={s} value={s}>
            {t('Activities.Replay.Rate', { rate: s })}
          </option>
        ))}
      </select>
    </label>
  );
});
