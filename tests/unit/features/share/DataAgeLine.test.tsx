// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { advance, withFakeClockAt } from './clockTestKit';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { DataAgeLine } from '../../../../src/features/share/components/DataAgeLine';
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
describe('DataAgeLine (issue 8 item 2: the age of the last fix, shown plainly)', () => {
  withFakeClockAt(T0);

  it('turns from live to late to not live as the clock runs, re-rendering itself and not the page', () => {
    const pageRenders = vi.fn();
    render(<Page onRender={pageRenders} />);
    // 2 s old from a wearer reporting every 5 s: nothing counts yet.
    expect(line()).toBe('Live: last position just now · reporting every 5 seconds');
    advance(2_999);
    expect(line()).toBe('Live: last position just now · reporting every 5 seconds');
    advance(1);
    expect(line()).toBe('Live: last position 5 seconds ago · next report overdue by 0 seconds');
    advance(16_000);
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
    expect(before).toBe('Live: last position just now · reporting every 5 seconds');
  });

  it('counts down to a report due in a minute, every second', () => {
    render(
      <DataAgeLine lastFixTime={T0 - 2_000} recentIntervalsMs={[60_000, 60_000]} format={format} />,
    );
    expect(line()).toBe('Live: last position just now · next report expected in 58 seconds');
    advance(1_000);
    expect(line()).toBe('Live: last position just now · next report expected in 57 seconds');
    advance(3_000);
    expect(line()).toBe('Live: last position 6 seconds ago · next report expected in 54 seconds');
  });

  it('renders once per fix, and never between, for a wearer reporting every second', () => {
    const commits = vi.fn();
    const view = (lastFixTime: number) => (
      <Profiler id="age" onRender={commits}>
        <DataAgeLine lastFixTime={lastFixTime} recentIntervalsMs={[1_000, 1_000]} format={format} />
      </Profiler>
    );
    const { rerender } = render(view(T0 - 100));
    for (let fix = 1; fix <= 30; fix += 1) {
      // The next fix arrives a second later, 100 ms after its device time.
      advance(1_000);
      rerender(view(T0 + fix * 1_000 - 100));
    }
    expect(line()).toBe('Live: last position just now · reporting every second');
    expect(commits).toHaveBeenCalledTimes(31);
    // The reports stop: the line counts again once the newest fix is 5 s old, and then every second.
    advance(4_899);
    expect(commits).toHaveBeenCalledTimes(31);
    advance(1);
    expect(line()).toBe('Live: last position 5 seconds ago · next report overdue by 4 seconds');
    advance(1_000);
    expect(line()).toBe('Live: last position 6 seconds ago · next report overdue by 5 seconds');
    expect(commits).toHaveBeenCalledTimes(33);
  });

  it('says so, and does not tick, before the first fix', () => {
    render(<DataAgeLine lastFixTime={null} recentIntervalsMs={[]} format={format} />);
    const text = () => screen.getByText(/not reported a position/).closest('p')?.textContent;
    expect(text()).toBe("No position yet. The wearer's device has not reported a position.");
    expect(vi.getTimerCount()).toBe(0);
    advance(60_000);
    expect(text()).toBe("No position yet. The wearer's device has not reported a position.");
  });
});
