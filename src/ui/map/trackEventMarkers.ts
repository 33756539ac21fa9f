import type { Alert } from '../../api/entities/alert';
import type { Message } from '../../api/entities/message';
import type { MapMarker } from './layers/markerLayers';
import { positionAt } from './replay';
import type { TrackColumnsLike } from './trackAttributes';

/** What of an activity's alerts the markers read: where each was raised and its notes' times. */
export interface MarkedAlert {
  readonly AlertID: Alert['AlertID'];
  /** Where it was raised, degrees (X longitude, Y latitude); null when unknown. */
  readonly Location: { readonly X: number; readonly Y: number } | null;
  readonly Notes: readonly Pick<Alert['Notes'][number], 'AlertNoteID' | 'Timestamp'>[];
}

/**
 * The events of an activity along its track (issue 7 item 1 "alert/message/note markers"; the map's
 * side of "alerts, messages and notes on the same timeline"):
 * - `start` and `end` at the first and last fix;
 * - an `alert` where each alert was raised (`Location`; none without one);
 * - a `note` for each alert note and a `message` for each message to the wearer, where the wearer
 *   was when it was written: the track at that time (epoch ms), interpolated between fixes and
 *   clamped to the track's ends (a message written after the activity ended marks its end).
 * Ids are stable (`alert-{AlertID}`, `note-{AlertNoteID}`, `message-{MessageID}`). None for an empty
 * track.
 */
export function trackEventMarkers(
  columns: TrackColumnsLike,
  alerts: readonly MarkedAlert[],
  messages: readonly Pick<Message, 'MessageID' | 'SentTimestamp'>[] = [],
): MapMarker[] {
  if (columns.length === 0) return [];
  const fix = (i: number) => ({
    lon: columns.positions[2 * i] ?? 0,
    lat: columns.positions[2 * i + 1] ?? 0,
  });
  const at = (timeMs: number) => {
    const position = positionAt(columns, timeMs);
    return { lon: position?.lon ?? 0, lat: position?.lat ?? 0 };
  };
  return [
    { id: 'start', kind: 'start', ...fix(0) },
    { id: 'end', kind: 'end', ...fix(columns.length - 1) },
    ...alerts.flatMap((alert): MapMarker[] =>
      alert.Location
        ? [
            {
              id: `alert-${String(alert.AlertID)}`,
              kind: 'alert',
              lon: alert.Location.X,
              lat: alert.Location.Y,
            },
          ]
        : [],
    ),
    ...alerts.flatMap((alert) =>
      alert.Notes.map((note): MapMarker => ({
        id: `note-${String(note.AlertNoteID)}`,
        kind: 'note',
        ...at(note.Timestamp),
      })),
    ),
    ...messages.map((message): MapMarker => ({
      id: `message-${String(message.MessageID)}`,
      kind: 'message',
      ...at(message.SentTimestamp),
    })),
  ];
}
