import type { Selectable } from 'kysely';
import type {
  ReminderDeliveryMethod,
  WearerReminder,
  WearerReminderInput,
} from '../../src/api/entities/reminder';
import type { Db } from '../db/database';
import type { WearerRemindersTable } from '../db/schema';
import type { MemberTokenClaims } from '../authHost/memberTokens';
import { isReminderTemplateId } from './reminderTemplates';

/** Most reminders one wearer keeps (our limit, docs/decisions.md "Reminders"). */
export const REMINDERS_PER_WEARER_MAX = 50;

/** A WearerID that is not the caller's wearer, or a WearerReminderID that is not one of its reminders. */
export class ReminderNotFoundError extends Error {
  override readonly name = 'ReminderNotFoundError';
  constructor() {
    super('No such reminder');
  }
}

/** Why a save was refused though its shape was valid: the field (`body.…`) and the reason. */
export class ReminderRefusedError extends Error {
  override readonly name = 'ReminderRefusedError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const DELIVERY_ORDER: readonly ReminderDeliveryMethod[] = ['DEVICE', 'EMAIL', 'SMS'];

function toReminder(row: Selectable<WearerRemindersTable>): WearerReminder {
  return {
    WearerReminderID: row.wearer_reminder_id,
    WearerID: row.wearer_id,
    ReminderTemplateID: row.reminder_template_id,
    Text: row.text,
    StartTime: row.start_time,
    EndTime: row.end_time,
    DaysOfWeek: row.days_of_week,
    DeliveryMethods: row.delivery_methods as ReminderDeliveryMethod[],
    SnoozeMinutes: row.snooze_minutes,
  };
}

/**
 * The columns of a saved reminder: days ascending and distinct, delivery methods distinct in the
 * order DEVICE, EMAIL, SMS (a repeated choice is the same choice, not an error).
 */
function columnsOf(input: WearerReminderInput) {
  return {
    reminder_template_id: input.ReminderTemplateID,
    text: input.Text,
    start_time: input.StartTime,
    end_time: input.EndTime,
    days_of_week: [...new Set(input.DaysOfWeek)].sort((a, b) => a - b),
    delivery_methods: DELIVERY_ORDER.filter((method) => input.DeliveryMethods.includes(method)),
    snooze_minutes: input.SnoozeMinutes,
  };
}

/** The caller's wearer, or {@link ReminderNotFoundError} for another `wearerId` (no ownership oracle). */
function requireOwnWearer(member: MemberTokenClaims, wearerId: number): void {
  if (wearerId !== member.wearerId) throw new ReminderNotFoundError();
}

/**
 * The reminders of wearer `wearerId` in creation order, and the member's language for the templates
 * (spec §7 GET load-wearer-reminders). Throws {@link ReminderNotFoundError} when the wearer is not the
 * caller's.
 */
export async function listReminders(
  db: Db,
  member: MemberTokenClaims,
  wearerId: number,
): Promise<{ reminders: WearerReminder[]; language: string | null }> {
  requireOwnWearer(member, wearerId);
  const [rows, language] = await Promise.all([
    db
      .selectFrom('wearer_reminders')
      .selectAll()
      .where('member_id', '=', member.memberId)
      .where('wearer_id', '=', wearerId)
      .orderBy('wearer_reminder_id')
      .execute(),
    db
      .selectFrom('members')
      .select('language_code')
      .where('member_id', '=', member.memberId)
      .executeTakeFirst(),
  ]);
  return { reminders: rows.map(toReminder), language: language?.language_code ?? null };
}

/**
 * Creates (no `WearerReminderID`) or updates one of the caller's reminders (spec §7 POST
 * save-wearer-reminder) and answers it as stored, with whether it was created. In one transaction
 * holding the member row, so two creations cannot both pass the limit. Throws
 * {@link ReminderNotFoundError} for another wearer or a reminder that is not the caller's, and
 * {@link ReminderRefusedError} for an unknown ReminderTemplateID or a wearer already holding
 * {@link REMINDERS_PER_WEARER_MAX} reminders; nothing is written then.
 */
export async function saveReminder(
  db: Db,
  member: MemberTokenClaims,
  input: WearerReminderInput,
): Promise<{ reminder: WearerReminder; created: boolean }> {
  requireOwnWearer(member, input.WearerID);
  if (input.ReminderTemplateID !== null && !isReminderTemplateId(input.ReminderTemplateID)) {
    throw new ReminderRefusedError('body.ReminderTemplateID', 'No such reminder template');
  }
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('members')
      .select('member_id')
      .where('member_id', '=', member.memberId)
      .forUpdate()
      .execute();
    const values = columnsOf(input);
    const id = input.WearerReminderID;
    if (id !== undefined) {
      const row = await trx
        .updateTable('wearer_reminders')
        .set({ ...values, updated_at: new Date() })
        .where('wearer_reminder_id', '=', id)
        .where('member_id', '=', member.memberId)
        .where('wearer_id', '=', input.WearerID)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ReminderNotFoundError();
      return { reminder: toReminder(row), created: false };
    }
    const { count } = await trx
      .selectFrom('wearer_reminders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', member.memberId)
      .where('wearer_id', '=', input.WearerID)
      .executeTakeFirstOrThrow();
    if (Number(count) >= REMINDERS_PER_WEARER_MAX) {
      throw new ReminderRefusedError(
        'body',
        `A wearer keeps at most ${String(REMINDERS_PER_WEARER_MAX)} reminders`,
      );
    }
    const row = await trx
      .insertInto('wearer_reminders')
      .values({ member_id: member.memberId, wearer_id: input.WearerID, ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { reminder: toReminder(row), created: true };
  });
}

/**
 * Deletes one of the caller's reminders (spec §7 POST delete-wearer-reminder): true when it was
 * deleted, false when the wearer is the caller's but holds no such reminder (deleted already).
 * Throws {@link ReminderNotFoundError} for another wearer.
 */
export async function deleteReminder(
  db: Db,
  member: MemberTokenClaims,
  reminderId: number,
  wearerId: number,
): Promise<boolean> {
  requireOwnWearer(member, wearerId);
  const result = await db
    .deleteFrom('wearer_reminders')
    .where('wearer_reminder_id', '=', reminderId)
    .where('member_id', '=', member.memberId)
    .where('wearer_id', '=', wearerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
