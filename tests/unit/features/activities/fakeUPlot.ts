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

  /** The first time on the x axis, epoch ms: the x scale's minimum. */
  get x0(): number {
    return this.scales.x?.min ?? 0;
  }

  /**
   * The time scale: the options' x `range` (a function of the data's first and last x) when given,
   * else the data's first to last x, as uPlot's auto range does.
   */
  get scales(): Record<string, { min?: number; max?: number }> {
    const x = this.data[0];
    const first = x[0] ?? 0;
    const last = x[x.length - 1] ?? first;
    const range = this.opts.scales?.x?.range;
    if (typeof range === 'function') {
      const [min, max] = range(this as unknown as uPlot, first, last, 'x');
      return { x: { min: min ?? first, max: max ?? last } };
    }
    return { x: { min: first, max: last } };
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
