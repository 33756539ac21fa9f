// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { REPLAY_SPEEDS } from '../../../../src/features/activities/components/ReplayMap';
import { ReplayRateSelect } from '../../../../src/features/activities/components/ReplayRateSelect';
import { createStorage } from '../../../../src/streams/storage';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

describe('the replay rate select (issue 7 item 3: 1× to 100× and beyond)', () => {
  it('offers every rate by its translated name and hands the chosen one back as a number', () => {
    const onRateChange = vi.fn();
    render(<ReplayRateSelect rates={REPLAY_SPEEDS} rate={100} onRateChange={onRateChange} />);
    const select = screen.getByRole('combobox', { name: 'Speed' });
    expect(select).toHaveValue('100');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '1×',
      '10×',
      '30×',
      '100×',
      '300×',
      '1000×',
    ]);
    fireEvent.change(select, { target: { value: '300' } });
    expect(onRateChange).toHaveBeenCalledWith(300);
  });
});
