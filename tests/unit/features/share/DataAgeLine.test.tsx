// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { initI18n } from '../../../../src/app/i18n';
import { DataAgeLine } from '../../../../src/features/share/components/DataAgeLine';
import { createStorage } from '../../../../src/streams/storage';
import { formatterFor } from '../../../../src/ui/format/formatter';
import { ServerClockOffsetContext } from '../../../../src/ui/time/serverClock';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const format = formatterFor(DEFAULT_UNITS, 'en-GB');
/** A wearer reporting every 5 s: live up to 5 + 15 s old, late up to 3 × 5 + 15 s. */
const EVERY_5_S = [5_000, 5_000, 5_000];

/** The page around the line: counts its own renders, which the line's ticking must not cause. */
function Page({ onRender, replayAtMs }: { onRender: () => void; replayAtMs?: number }) {
  onRender();
  return (
    <DataAgeLine
      lastFixTime={T0 - 2_000}
      recentIntervalsMs={EVERY_5_S}
      replayAtMs={replayAtMs}
      format={format}
    />
  );
}

const line = () => screen.getByText(/last position/).closest('p')?.textContent;
const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe('DataAgeLine (issue 8 item 2: the age of the last fix, shown plainly)', () => {
  beforeAll(async () => {
    await initI18n(createStorage(null), 'en-GB');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns from live to late to not live as the clock runs, re-rendering itself and not the page', () => {
    const pageRenders = vi.fn();
    render(<Page onRender={pageRenders} />);
    expect(line()).toBe('Live. last position 2 seconds ago · next report expected in 3 seconds');
    advance(19_000);
    expect(line()).toBe('Late: last position 21 seconds ago · next report overdue by 16 seconds');
    advance(10_000);
    expect(line()).toBe(
      'Not live: last position 31 seconds ago · next report overdue by 26 seconds',
    );
    expect(pageRenders).toHaveBeenCalledOnce();
  });

  it("reads the age on the server's clock", () => {
    render(
      <ServerClockOffsetContext.Provider value={60_000}>
        <Page onRender={() => undefined} />
      </ServerClockOffsetContext.Provider>,
    );
    expect(line()).toMatch(/^Not live: last position 1:02 ago/);
  });

  it('holds still at the moment of an incident replay', () => {
    render(<Page onRender={() => undefined} replayAtMs={T0 - 1_000} />);
    const before = line();
    advance(30_000);
    expect(line()).toBe(before);
    expect(before).toBe('Live. last position 1 second ago · next report expected in 4 seconds');
  });
});
