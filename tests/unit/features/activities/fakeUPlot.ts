import type uPlot from 'uplot';

/**
 * A stand-in for uPlot in jsdom, which has no canvas: it keeps the options and data it was given,
 * mounts its `over` layer like uPlot, and maps time to pixels at 1 px per second from the first x.
 * Tests mock the module with `vi.mock('uplot', () => import('./fakeUPlot'))` and read `plots`.
 */
export default class FakeUPlot {
  static readonly plots: FakeUPlot[] = [];
  readonly over = document.createElement('div');
  readonly cursor: { left?: number } = { left: -10 };
  destroyed = false;

  constructor(
    readonly opts: uPlot.Options,
    public data: uPlot.AlignedData,
    root: HTMLElement,
  ) {
    root.appendChild(this.over);
    FakeUPlot.plots.push(this);
  }

  /** The first time on the x axis, epoch ms. */
  get x0(): number {
    return this.data[0][0] ?? 0;
  }

  /** The time scale spans the data's first to last x, as uPlot's auto range does. */
  get scales(): Record<string, { min?: number; max?: number }> {
    const x = this.data[0];
    return { x: { min: x[0], max: x[x.length - 1] } };
  }

  valToPos(value: number): number {
    return (value - this.x0) / 1000;
  }

  posToVal(left: number): number {
    return this.x0 + left * 1000;
  }

  setData(data: uPlot.AlignedData): void {
    this.data = data;
  }

  setSize(): void {
    // No layout in jsdom.
  }

  destroy(): void {
    this.destroyed = true;
    this.over.remove();
  }
}
