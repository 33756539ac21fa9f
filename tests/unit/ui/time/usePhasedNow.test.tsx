// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { phaseOf, RESTART_SLACK_MS, usePhasedNow } from '../../../../src/ui/time/usePhasedNow';

function Clock({
  phase,
  onRender,
  active,
  restartedAt,
}: {
  phase: number;
  onRender: (now: number) => void;
  active?: boolean;
  restartedAt?: number | null;
}) {
  const now = usePhasedNow(1_000, phase, active, restartedAt);
  // Each commit, with the clock it showed (a render React threw away is not seen).
  useEffect(() => {
    onRender(now);
  });
  return null;
}

describe('usePhasedNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(10_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks once an interval at its phase into the interval', () => {
    const seen: number[] = [];
    render(<Clock phase={250} onRender={(now) => seen.push(now)} />);
    expect(seen).toEqual([10_000]);
    for (const ms of [249, 1, 999, 1, 1_000, 50]) {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    }
    expect(seen).toEqual([10_000, 10_250, 11_250, 12_250]);
  });

  it('ticks clocks due in the same frame together, in one task', () => {
    const a: number[] = [];
    const b: number[] = [];
    const c: number[] = [];
    render(
      <>
        <Clock phase={100} onRender={(now) => a.push(now)} />
        <Clock phase={110} onRender={(now) => b.push(now)} />
        <Clock phase={400} onRender={(now) => c.push(now)} />
      </>,
    );
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect([a, b, c]).toEqual([[10_000, 10_100], [10_000, 10_100], [10_000]]);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(c).toEqual([10_000, 10_400]);
    for (const ms of [700, 10]) {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    }
    expect([a.at(-1), b.at(-1)]).toEqual([11_100, 11_100]);
  });

  it('stands still while not active, and reads the clock at once when active again', () => {
    const seen: number[] = [];
    const onRender = (now: number) => seen.push(now);
    const view = render(<Clock phase={0} onRender={onRender} active={false} />);
    act(() => {
      vi.advanceTimersByTime(3_500);
    });
    expect(seen).toEqual([10_000]);
    view.rerender(<Clock phase={0} onRender={onRender} active />);
    expect(seen.at(-1)).toBe(13_500);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(seen.at(-1)).toBe(14_000);
    view.rerender(<Clock phase={0} onRender={onRender} active={false} />);
    const count = seen.length;
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(seen).toHaveLength(count);
  });

  it('restarts at `restartedAt`: shows it at once, next tick a full interval and the slack later', () => {
    const seen: number[] = [];
    const onRender = (now: number) => seen.push(now);
    const view = render(<Clock phase={0} onRender={onRender} restartedAt={null} />);
    act(() => {
      vi.advanceTimersByTime(1_400);
    });
    expect(seen).toEqual([10_000, 11_000]);
    // A fix arrives at 11,400 ms: the render it brings shows that moment, with one commit.
    view.rerender(<Clock phase={0} onRender={onRender} restartedAt={11_400} />);
    expect(seen).toEqual([10_000, 11_000, 11_400]);
    // The old phase's tick at 12,000 ms is gone; the next is 1,000 + RESTART_SLACK_MS after it.
    act(() => {
      vi.advanceTimersByTime(1_000 + RESTART_SLACK_MS - 1);
    });
    expect(seen).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(seen.at(-1)).toBe(11_400 + 1_000 + RESTART_SLACK_MS);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(seen.at(-1)).toBe(11_400 + 2_000 + RESTART_SLACK_MS);
  });

  it('a restart older than the clock shows the clock, and puts no tick earlier', () => {
    const seen: number[] = [];
    const onRender = (now: number) => seen.push(now);
    const view = render(<Clock phase={500} onRender={onRender} />);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    view.rerender(<Clock phase={500} onRender={onRender} restartedAt={9_000} />);
    expect(seen).toEqual([10_000, 10_500, 10_500]);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(seen.at(-1)).toBe(11_500);
  });

  it('a source reporting once an interval re-renders once an interval: at its reports only', () => {
    const seen: number[] = [];
    const onRender = (now: number) => seen.push(now);
    const view = render(<Clock phase={500} onRender={onRender} restartedAt={null} />);
    for (let fix = 1; fix <= 5; fix++) {
      act(() => {
        // Each report comes a second after the last, give or take a little.
        vi.advanceTimersByTime(fix % 2 === 0 ? 1_100 : 900);
      });
      view.rerender(<Clock phase={500} onRender={onRender} restartedAt={Date.now()} />);
    }
    // The mount, the first phase tick (10,500) and one render per report: no tick between reports.
    expect(seen).toEqual([10_000, 10_500, 10_900, 12_000, 12_900, 14_000, 14_900]);
  });

  it('spreads keys over the interval', () => {
    const phases = Array.from({ length: 200 }, (_, i) => phaseOf(`token-${i}`, 1_000));
    expect(phases.every((p) => Number.isInteger(p) && p >= 0 && p < 1_000)).toBe(true);
    const quarters = [0, 1, 2, 3].map(
      (q) => phases.filter((p) => Math.floor(p / 250) === q).length,
    );
    for (const count of quarters) expect(count).toBeGreaterThan(25);
  });
});
