import { sql, type Kysely } from 'kysely';

/*
 * The wearer's reminders (spec app §3 "Wearer reminder", §7 load-wearer-reminders,
 * save-wearer-reminder, delete-wearer-reminder; policy §3 "Reminder": start time, end time, days of
 * week, delivery methods, snooze). One row per reminder, owned by the member whose wearer it is
 * (deleted with the member). Times of day are `HH:mm` text (the member's local time, as the watch
 * shows it); an end before the start runs past midnight. Days are ISO 1 Monday … 7 Sunday. The
 * checks hold what the API's contract already refuses, so no other writer can store what the client
 * could not read. `reminder_template_id` names the built-in template it was made from
 * (server/member/reminderTemplates.ts), null when made from scratch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wearer_reminders (
      wearer_reminder_id bigint generated always as identity primary key,
      member_id bigint not null references members (member_id) on delete cascade,
      wearer_id bigint not null,
      reminder_template_id integer,
      text text not null check (length(btrim(text)) between 1 and 50),
      start_time text not null check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      end_time text not null check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      days_of_week smallint[] not null
        check (cardinality(days_of_week) between 1 and 7 and days_of_week <@ '{1,2,3,4,5,6,7}'),
      delivery_methods text[] not null
        check (cardinality(delivery_methods) between 1 and 3
          and delivery_methods <@ '{DEVICE,EMAIL,SMS}'),
      snooze_minutes integer not null check (snooze_minutes between 0 and 1440),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index wearer_reminders_member on wearer_reminders (member_id, wearer_reminder_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists wearer_reminders`.execute(db);
}
