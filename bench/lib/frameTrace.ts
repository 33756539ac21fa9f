/*
 * Per-frame main-thread script time from a Chromium trace (the DevTools timeline categories), for the
 * Chromium benches that measure the app's own work per frame (monitor.frame; docs/monitor.md "The
 * bench"). Chromium records every task of the page's main thread (`RunTask`) and, inside it, where
 * script ran: animation-frame callbacks (`FireAnimationFrame`), timers (`TimerFire`), other callbacks
 * (`FunctionCall`: a MessageChannel task of React's scheduler, a WebSocket message) and the microtask
 * checkpoints (`RunMicrotasks`). Each of them carries its wall time (`dur`) and the thread's CPU time
 * (`tdur`, µs): CPU time does not grow when other processes take the machine's cores.
 */

/** One event of a Chromium trace (Trace Event Format): times and durations in µs. */
export interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: Record<string, unknown>;
}

/** The trace categories {@link frameWork} reads (for `browser.startTracing`). */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
] as const;

/** Script events: where the main thread ran the page's JavaScript. */
const SCRIPT = new Set(['FireAnimationFrame', 'TimerFire', 'FunctionCall', 'RunMicrotasks']);

/** One display frame's script time, ms (CPU time of the main thread, and wall time). */
export interface FrameScript {
  /** Script outside WebSocket message tasks: the store, epics, selectors and React. */
  readonly appCpuMs: number;
  readonly appWallMs: number;
  /** Script of the tasks that received WebSocket messages (socket.io, validation at the edge). */
  readonly socketCpuMs: number;
  readonly socketWallMs: number;
}

/** What {@link frameWork} found. */
export interface FrameWork {
  /** The frames in which the app's script ran, in time order (frames with only socket work too). */
  readonly frames: readonly FrameScript[];
  /** How many display frames (vsync begin-frames of the page's compositor) the trace spans. */
  readonly vsyncFrames: number;
  /** How many animation-frame callbacks ran, and how many WebSocket messages arrived. */
  readonly animationFrames: number;
  readonly socketMessages: number;
}

function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') {
      const name = (e.args as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string') names.set(`${e.pid}:${e.tid}`, name);
    }
  }
  return names;
}

/**
 * The page's script time per display frame: the page's renderer main thread is the `CrRendererMain`
 * with the most animation-frame callbacks; display frames are delimited by its compositor's
 * `BeginFrame` ticks (vsync). Each main-thread task is counted in the frame it starts in; its script
 * time is that of its outermost script events (nested ones, such as the microtasks run inside an
 * animation-frame callback, are inside their parent's time). A task that received a WebSocket
 * message counts as socket time, every other as the app's.
 */
export function frameWork(events: readonly TraceEvent[]): FrameWork {
  const names = threadNames(events);
  const rafByThread = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'FireAnimationFrame') continue;
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) === 'CrRendererMain') rafByThread.set(key, (rafByThread.get(key) ?? 0) + 1);
  }
  const main = [...rafByThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (main === undefined) {
    return { frames: [], vsyncFrames: 0, animationFrames: 0, socketMessages: 0 };
  }
  const pid = Number(main.split(':')[0]);
  const onMain = events
    .filter((e) => `${e.pid}:${e.tid}` === main && (e.ph === 'X' || e.ph === 'I'))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const ticks = events
    .filter(
      (e) =>
        e.pid === pid && e.name === 'BeginFrame' && names.get(`${e.pid}:${e.tid}`) === 'Compositor',
    )
    .map((e) => e.ts)
    .sort((a, b) => a - b);

  const frames = new Map<
    number,
    { appCpu: number; appWall: number; sockCpu: number; sockWall: number }
  >();
  let tick = 0;
  let i = 0;
  let socketMessages = 0;
  while (i < onMain.length) {
    const task = onMain[i] as TraceEvent;
    i += 1;
    if (task.name !== 'RunTask' || task.ph !== 'X') continue;
    const end = task.ts + (task.dur ?? 0);
    let cpu = 0;
    let wall = 0;
    let socket = false;
    let outerEnd = -Infinity;
    while (i < onMain.length && (onMain[i] as TraceEvent).ts <= end) {
      const e = onMain[i] as TraceEvent;
      i += 1;
      if (e.name === 'WebSocketReceive') {
        socket = true;
        socketMessages += 1;
      }
      if (!SCRIPT.has(e.name) || e.ph !== 'X' || e.ts < outerEnd) continue;
      outerEnd = e.ts + (e.dur ?? 0);
      wall += e.dur ?? 0;
      cpu += e.tdur ?? e.dur ?? 0;
    }
    if (wall === 0) continue;
    while (tick < ticks.length && (ticks[tick] as number) <= task.ts) tick += 1;
    const frame = frames.get(tick) ?? { appCpu: 0, appWall: 0, sockCpu: 0, sockWall: 0 };
    if (socket) {
      frame.sockCpu += cpu;
      frame.sockWall += wall;
    } else {
      frame.appCpu += cpu;
      frame.appWall += wall;
    }
    frames.set(tick, frame);
  }
  return {
    frames: [...frames.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, f]) => ({
        appCpuMs: f.appCpu / 1000,
        appWallMs: f.appWall / 1000,
        socketCpuMs: f.sockCpu / 1000,
        socketWallMs: f.sockWall / 1000,
      })),
    vsyncFrames: Math.max(0, ticks.length - 1),
    animationFrames: onMain.filter((e) => e.name === 'FireAnimationFrame' && e.ph === 'X').length,
    socketMessages,
  };
}
