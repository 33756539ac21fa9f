// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../../../../src/api/entities/activity';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import i18n from 'i18next';
import { initI18n } from '../../../../src/app/i18n';
import { ActivityRow } from '../../../../src/features/activities/components/ActivityRow';
import { formatterFor } from '../../../../src/ui/format';
import { measureText, type Measure } from '../../../../src/ui/format/measure';
import { createStorage } from '../../../../src/streams/storage';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const START = Date.UTC(2026, 5, 1, 8, 0);

function summary(HeartRateAvgBPM?: number | null): ActivitySummary {
  return {
    ActivityId: 3,
    ActivityType: 'RUNNING',
    TimestampStart: START,
    TimestampEnd: START + 1_800_000,
    ActivityStats: {
      Distance: { Displayed: 5000, Meters: 5000, Type: 'GNSS' },
      DurationMs: 1_800_000,
      SpeedAvgMPS: 2.5,
      SpeedMaxMPS: 4,
      ...(HeartRateAvgBPM === undefined ? {} : { HeartRateAvgBPM }),
    },
  };
}

function renderRow(s: ActivitySummary) {
  const format = formatterFor(DEFAULT_UNITS, 'en-GB', { browserTimeZone: 'UTC' });
  const text = (m: Measure) => measureText(m, i18n.t.bind(i18n));
  render(
    <MemoryRouter>
      <ul>
        <ActivityRow summary={s} format={format} text={text} />
      </ul>
    </MemoryRouter>,
  );
}

describe('ActivityRow (issue 7 item 2)', () => {
  it('shows the average heart rate in whole beats when the activity has one', () => {
    renderRow(summary(141.6));
    expect(screen.getByText('avg heart rate 142 bpm')).toBeVisible();
  });

  it.each([
    ['absent', undefined],
    ['null', null],
  ])('shows no heart rate when it is %s', (_, bpm) => {
    renderRow(summary(bpm));
    expect(screen.getByRole('link').textContent).not.toMatch(/heart rate|bpm/);
  });
});
