import type { Kysely } from 'kysely';
import type { Alert, AlertNote } from '../../src/api/entities/alert';
import {
  ActorType,
  AlertClosureReason,
  AlertCloseState,
  AlertType,
  BodyPosition,
  Severity,
} from '../../src/api/enums';
import type { Database } from '../db/schema';
import { rescueOrgByCode } from './rescueOrganisations';

/*
 * Alerts as the member and share viewers read them (app §3 Alert; policy §3: notes, the resolving
 * guardian, rescue organisations notified).
 */

type AlertRow = {
  alert_id: number;
  activity_id: number | null;
  alert_type: string;
  severity: number;
  close_state: string;
  closure_reason: string | null;
  closed_by_actor: string | null;
  closed_by_name: string | null;
  resolve_text: string | null;
  opened_ms: number;
  updated_ms: number;
  closed_ms: number | null;
  lat: number | null;
  lon: number | null;
  value: number | null;
  body_position: string | null;
  rescue_orgs_notified: string[];
  paused_until_ms: number | null;
};

type NoteRow = {
  alert_note_id: number;
  alert_id: number;
  actor_type: string;
  guardian_name: string;
  note_text: string;
  created_ms: number;
};

function parsed<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? (result.data as T) : null;
}

/** One alert row with its notes as the contract's Alert; null for a row the contract cannot carry. */
export function toAlert(row: AlertRow, wearerId: number, notes: readonly NoteRow[]): Alert | null {
  const type = parsed(AlertType, row.alert_type);
  const severity = parsed(Severity, row.severity);
  const closeState = parsed(AlertCloseState, row.close_state);
  if (type === null || severity === null || closeState === null) return null;
  const alertNotes: AlertNote[] = notes.flatMap((note) => {
    const actor = parsed(ActorType, note.actor_type);
    return actor === null
      ? []
      : [
          {
            AlertNoteID: note.alert_note_id,
            AlertID: note.alert_id,
            NoteText: note.note_text,
            AuthorName: note.guardian_name,
            ActorType: actor,
            Timestamp: note.created_ms,
          },
        ];
  });
  return {
    AlertID: row.alert_id,
    WearerID: wearerId,
    ActivityId: row.activity_id,
    AlertType: type,
    Severity: severity,
    TimestampStart: row.opened_ms,
    TimestampUpdated: row.updated_ms,
    TimestampClosed: row.closed_ms,
    CloseState: closeState,
    ClosureReason: parsed(AlertClosureReason, row.closure_reason),
    ClosedByActorType: parsed(ActorType, row.closed_by_actor),
    ClosedByName: row.closed_by_name,
    ResolveText: row.resolve_text,
    PausedUntilTimestamp: row.paused_until_ms,
    Location:
      row.lat === null || row.lon === null
        ? null
        : { Time: row.opened_ms, X: row.lon, Y: row.lat, Hacc: null, Alt: null, Speed: null },
    Value: row.value,
    BodyPosition: parsed(BodyPosition, row.body_position),
    CheckInState: null,
    Notes: alertNotes,
    RescueOrgsNotified: row.rescue_orgs_notified.flatMap((code) => {
      const org = rescueOrgByCode(code);
      return org
        ? [{ RescueOrgCode: org.code, Name: org.name, NotifiedTimestamp: row.opened_ms }]
        : [];
    }),
  };
}

/**
 * The alerts raised during the member's activity `activityId`, oldest first, with their notes in
 * time order (read in the caller's transaction `db` when given one); with `openedWithin`, only those
 * opened in that window (epoch ms, both ends inclusive: a journey share's span).
 */
export async function alertsOfActivity(
  db: Kysely<Database>,
  memberId: number,
  activityId: number,
  openedWithin?: { readonly TimeStart: number; readonly TimeEnd: number },
): Promise<Alert[]> {
  const member = await db
    .selectFrom('members')
    .select('wearer_id')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!member) return [];
  const rows = await db
    .selectFrom('alerts')
    .select([
      'alert_id',
      'activity_id',
      'alert_type',
      'severity',
      'close_state',
      'closure_reason',
      'closed_by_actor',
      'closed_by_name',
      'resolve_text',
      'opened_ms',
      'updated_ms',
      'closed_ms',
      'lat',
      'lon',
      'value',
      'body_position',
      'rescue_orgs_notified',
      'paused_until_ms',
    ])
    .where('member_id', '=', memberId)
    .where('activity_id', '=', activityId)
    .$if(openedWithin !== undefined, (query) =>
      query
        .where('opened_ms', '>=', openedWithin?.TimeStart ?? 0)
        .where('opened_ms', '<=', openedWithin?.TimeEnd ?? 0),
    )
    .orderBy('opened_ms')
    .orderBy('alert_id')
    .execute();
  if (rows.length === 0) return [];
  const notes = await db
    .selectFrom('alert_notes')
    .select(['alert_note_id', 'alert_id', 'actor_type', 'guardian_name', 'note_text', 'created_ms'])
    .where(
      'alert_id',
      'in',
      rows.map((row) => row.alert_id),
    )
    .orderBy('created_ms')
    .orderBy('alert_note_id')
    .execute();
  return rows.flatMap((row) => {
    const alert = toAlert(
      row,
      member.wearer_id,
      notes.filter((note) => note.alert_id === row.alert_id),
    );
    return alert ? [alert] : [];
  });
}
