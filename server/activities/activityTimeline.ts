import type { TimelineItem } from '../../src/api/entities/activity';
import type { Alert } from '../../src/api/entities/alert';

/**
 * The Timeline tab of an activity (issue 7; policy §3 "Timeline item types"), in time order:
 * ACTIVITY_START at its start; for each alert ALERT_START, a BODY_POSITION item when a fall reported
 * the wearer's position, ALERT_NOTE per note (its text and author), ALERT_CLOSED when closed (with
 * the resolver's explanation as its text, null when none: the close state, who closed it and the
 * system's closure reason are the alert's own fields, translated by the client); ACTIVITY_END once it
 * ended. Times epoch ms; items at the same time keep that order.
 */
export function activityTimeline(
  activity: { readonly TimestampStart: number; readonly TimestampEnd: number | null },
  alerts: readonly Alert[],
): TimelineItem[] {
  const items: TimelineItem[] = [
    { TimelineItemType: 'ACTIVITY_START', Timestamp: activity.TimestampStart },
  ];
  for (const alert of alerts) {
    const AlertID = alert.AlertID;
    items.push({ TimelineItemType: 'ALERT_START', Timestamp: alert.TimestampStart, AlertID });
    if (alert.BodyPosition !== null) {
      items.push({
        TimelineItemType: 'BODY_POSITION',
        Timestamp: alert.TimestampStart,
        AlertID,
        BodyPosition: alert.BodyPosition,
      });
    }
    for (const note of alert.Notes) {
      items.push({
        TimelineItemType: 'ALERT_NOTE',
        Timestamp: note.Timestamp,
        AlertID,
        Text: `${note.AuthorName}: ${note.NoteText}`,
      });
    }
    if (alert.TimestampClosed !== null) {
      items.push({
        TimelineItemType: 'ALERT_CLOSED',
        Timestamp: alert.TimestampClosed,
        AlertID,
        Text: alert.ResolveText,
      });
    }
  }
  if (activity.TimestampEnd !== null) {
    items.push({ TimelineItemType: 'ACTIVITY_END', Timestamp: activity.TimestampEnd });
  }
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.Timestamp - b.item.Timestamp || a.index - b.index)
    .map(({ item }) => item);
}
