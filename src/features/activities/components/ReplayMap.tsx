import { TimeScrubber } from '../../../ui/time/TimeScrubber';
import { MarkerLegend } from './MarkerLegend';
import { ReplayRateSelect } from './ReplayRateSelect';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '../../../api/entities/alert';
import type { Message } from '../../../api/entities/message';
import { playbackTimeChanged } from '../../../store/activities/journeySlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  selectLastPoint,
  selectTrackColumns,
} from '../../../store/locationHistory/locationHistorySelectors';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { selectRuntimeConfig } from '../../../store/slices/runtimeConfigSlice';
import type { Formatter } from '../../../ui/format';
import { MapView } from '../../../ui/map/MapView';
import { eventMarkerLayer, MARKER_COLOURS } from '../../../ui/map/layers/markerLayers';
import { currentPositionLayers } from '../../../ui/map/layers/positionLayers';
import { liveTail } from '../../../ui/map/liveTrack';
import { useSameMarkers, useSettledTrack } from '../../../ui/map/useLiveTrack';
import type { LiveWearer } from '../../../ui/map/liveWearerGeometry';
import {
  replayTrailLayer,
  speedTrackLayer,
  trimPreviewLayer,
} from '../../../ui/map/layers/trackLayers';
import { positionAt } from '../../../ui/map/replay';
import { trackBounds } from '../../../ui/map/trackAttributes';
import { trackEventMarkers } from '../../../ui/map/trackEventMarkers';
import { useReplayClock } from '../../../ui/map/useReplayClock';
import { useColorScheme } from '../../../ui/theme/useColorScheme';

/** Replay rates offered, × real time (issue 7 item 3: 1× to 100× and beyond). */
export const REPLAY_SPEEDS = [1, 10, 30, 100, 300, 1000] as const;

/** How often the animated time is handed to the store, ms (its epic then throttles to 10 s). */
const STORE_SAMPLE_MS = 1_000;

const REPLAY_COLOUR = [255, 121, 0, 255] as const;

const NO_MESSAGES: readonly Message[] = [];

/**
 * An activity's map with its replay (issue 7 items 1 and 3; lazily loaded with MapLibre and deck.gl):
 * the whole track coloured by speed, dimmed while a replay runs, the played part drawn over it, the
 * position at the replay time with its heading, and markers of the start, the end, the alerts, their
 * notes and the messages to the wearer (src/ui/map/trackEventMarkers.ts). Play/pause, rates,
 * scrubbing by time and following the position; it starts at `initialTimeMs` and reports where it
 * rests (`onTimeSettled`), so the Data tab's charts mark the same time. The time animates on requestAnimationFrame inside
 * this component; the store hears it at most once a second (and keeps one value per 10 s).
 */
export default function ReplayMap({
  activityId,
  alerts,
  messages = NO_MESSAGES,
  format,
  initialTimeMs = null,
  onTimeSettled,
  trimPreview = null,
}: {
  activityId: number;
  alerts: readonly Alert[];
  /** The messages written to the wearer during the activity, marked where they were written. */
  messages?: readonly Message[];
  format: Formatter;
  /** Where the replay starts (epoch ms), e.g. where the Data tab seeked it; null: the start. */
  initialTimeMs?: number | null;
  /** Hears the replay's time (epoch ms) when it rests (paused, scrubbed, ended) and on unmount. */
  onTimeSettled?: (timeMs: number) => void;
  /** The span a trim being drafted keeps (epoch ms): shown over the dimmed track; null: none. */
  trimPreview?: { readonly startMs: number; readonly endMs: number } | null;
}) {
  const { t } = useTranslation();
  // Translated once per language: the map renders in every animation frame while it plays.
  const labels = useMemo(
    () => ({
      map: t('Activities.Detail.MapLabel'),
      controls: t('Activities.Replay.Controls'),
      play: t('Activities.Replay.Play'),
      pause: t('Activities.Replay.Pause'),
      time: t('Activities.Replay.Time'),
      follow: t('Activities.Replay.Follow'),
    }),
    [t],
  );
  const dispatch = useAppDispatch();
  const columns = useAppSelector((state) => selectTrackColumns(state, activityId));
  const styleUrl = useAppSelector(selectRuntimeConfig)?.mapStyle ?? null;
  const theme = useColorScheme(useAppSelector(selectThemePreference));
  const startMs = columns.time[0] ?? 0;
  const endMs = columns.time[columns.length - 1] ?? 0;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(100);
  const [follow, setFollow] = useState(false);
  const onEnd = useCallback(() => {
    setPlaying(false);
  }, []);
  const { timeMs, setTimeMs } = useReplayClock({ startMs, endMs, speed, playing, onEnd });
  // Seeded during the first render (before anything is drawn) from where another tab left the replay.
  const [seeded, setSeeded] = useState(false);
  if (!seeded) {
    setSeeded(true);
    if (initialTimeMs !== null) setTimeMs(initialTimeMs);
  }
  const replaying = playing || timeMs > startMs;

  // The page hears the time only at rest and when the map closes, never per animation frame.
  const settled = useRef(onTimeSettled);
  const latestTime = useRef(timeMs);
  useEffect(() => {
    settled.current = onTimeSettled;
  }, [onTimeSettled]);
  useEffect(() => {
    latestTime.current = timeMs;
    if (!playing) settled.current?.(timeMs);
  }, [playing, timeMs]);
  useEffect(
    () => () => {
      settled.current?.(latestTime.current);
    },
    [],
  );

  const lastSample = useRef(0);
  useEffect(() => {
    const now = performance.now();
    if (!playing || now - lastSample.current >= STORE_SAMPLE_MS) {
      lastSample.current = now;
      dispatch(playbackTimeChanged({ timeMs: Math.round(timeMs) }));
    }
  }, [dispatch, playing, timeMs]);

  const markers = useMemo(
    () => trackEventMarkers(columns, alerts, messages),
    [columns, alerts, messages],
  );

  // A live activity's new points are drawn over the map as they come (the live overlay, as on the
  // share map: docs/activities.md "A live activity's map"); the WebGL track takes them in every
  // LIVE_TAIL_MAX_POINTS points. A replay or a trim preview draws the whole track in WebGL.
  const nextSettled = useSettledTrack(columns);
  const growing = !replaying && trimPreview === null && columns.length > nextSettled.tailFrom;
  const drawnColumns = growing ? nextSettled.columns : columns;
  // While it grows, the overlay marks the track's end: the same markers as before keep their list.
  const newMapMarkers = useMemo(
    () => (growing ? markers.filter((marker) => marker.kind !== 'end') : markers),
    [growing, markers],
  );
  const mapMarkers = useSameMarkers(newMapMarkers);
  const end = useAppSelector((state) => selectLastPoint(state, activityId));
  const live = useMemo(
    (): LiveWearer | null =>
      growing && end
        ? {
            position: { lon: end.X, lat: end.Y, accuracyM: null, headingDeg: null },
            colour: MARKER_COLOURS.end,
            tail: liveTail(columns, nextSettled),
          }
        : null,
    [growing, end, columns, nextSettled],
  );

  // The view fits the track once; a live activity's new points do not move the map under the reader.
  const bounds = trackBounds(columns);
  const [fitBounds, setFitBounds] = useState(bounds);
  if (fitBounds === null && bounds !== null) setFitBounds(bounds);

  // The replay's trail and cursor exist from the start, hidden until a replay runs: deck.gl builds
  // them (shaders, the arrow's icon) while the map loads, not in the first frame after Play.
  const position = positionAt(drawnColumns, replaying ? timeMs : startMs);
  const positionLon = position?.lon;
  const positionLat = position?.lat;
  const positionHeading = position?.headingDeg ?? null;
  const trailSeconds = replaying ? (timeMs - startMs) / 1000 : null;
  // The same layers while nothing they draw changed: a live fix hands deck.gl nothing.
  const layers = useMemo(
    () => [
      speedTrackLayer('track', drawnColumns, replaying || trimPreview ? 0.35 : 1),
      trimPreview
        ? trimPreviewLayer('trim-preview', drawnColumns, trimPreview.startMs, trimPreview.endMs)
        : null,
      replayTrailLayer('replay', drawnColumns, trailSeconds, REPLAY_COLOUR),
      eventMarkerLayer('events', mapMarkers),
      ...currentPositionLayers(
        'replay-position',
        positionLon !== undefined && positionLat !== undefined
          ? { lon: positionLon, lat: positionLat, accuracyM: null, headingDeg: positionHeading }
          : null,
        REPLAY_COLOUR,
        replaying,
      ),
    ],
    [
      drawnColumns,
      replaying,
      trimPreview,
      trailSeconds,
      mapMarkers,
      positionLon,
      positionLat,
      positionHeading,
    ],
  );

  if (columns.length < 2) return <p className="ll-muted">{t('Activities.Detail.NoTrack')}</p>;
  const timeText = format.time(timeMs, { seconds: true });
  return (
    <div className="ll-replay">
      <div className="ll-replay-map">
        <MapView
          label={labels.map}
          layers={layers}
          theme={theme}
          styleUrl={styleUrl}
          bounds={fitBounds}
          follow={follow && replaying && position ? [position.lon, position.lat] : null}
          live={live}
        />
      </div>
      <MarkerLegend markers={markers} />
      <div className="ll-replay-controls" role="group" aria-label={labels.controls}>
        <button
          type="button"
          className="ll-button ll-button-primary"
          onClick={() => {
            if (!playing && timeMs >= endMs) setTimeMs(startMs);
            setPlaying(!playing);
          }}
        >
          {playing ? labels.pause : labels.play}
        </button>
        <ReplayRateSelect rates={REPLAY_SPEEDS} rate={speed} onRateChange={setSpeed} />
        <TimeScrubber
          className="ll-replay-scrub"
          label={labels.time}
          valueText={timeText}
          startMs={startMs}
          endMs={endMs}
          timeMs={timeMs}
          onSeek={setTimeMs}
        />
        <output className="ll-replay-time">{timeText}</output>
        <label>
          <input
            type="checkbox"
            checked={follow}
            onChange={(e) => {
              setFollow(e.target.checked);
            }}
          />
          {labels.follow}
        </label>
      </div>
    </div>
  );
}
