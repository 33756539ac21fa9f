import type { EmergencyContact } from '../../src/api/entities/contact';
import type { EmergencyContactInput } from '../../src/api/entities/contactInput';
import { normalisePhone } from '../../src/api/validation';
import type { Db } from '../db/database';

/** A contact id in the request that is not one of this member's contacts. */
export class ContactNotFoundError extends Error {
  override readonly name = 'ContactNotFoundError';
  constructor(readonly contactId: number) {
    super(`No contact ${contactId}`);
  }
}

type Row = {
  emergency_contact_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  relationship: string | null;
  is_primary: boolean;
  has_avatar: boolean;
  can_call: boolean;
  can_sms: boolean;
  share_activity: boolean;
  share_assistance_alert: boolean;
  share_emergency_alert: boolean;
  alert_configs: Record<string, { Email: boolean; Call: boolean; Sms: boolean }>;
  consent_confirmed_ms: number | null;
};

function toContact(row: Row): EmergencyContact {
  return {
    EmergencyContactID: row.emergency_contact_id,
    Name: row.name,
    Email: row.email ?? '',
    Phone: row.phone ?? '',
    Relationship: row.relationship ?? '',
    HasAvatar: row.has_avatar,
    CanCall: row.can_call,
    CanSms: row.can_sms,
    ShareActivity: row.share_activity,
    ShareAssistanceAlert: row.share_assistance_alert,
    ShareEmergencyAlert: row.share_emergency_alert,
    AlertConfigs: row.alert_configs,
    IsPrimary: row.is_primary,
    ConsentConfirmedTimestamp: row.consent_confirmed_ms,
  };
}

/** The member's emergency contacts in their saved order (spec §7 GET emergency-contacts). */
export async function listContacts(db: Db, memberId: number): Promise<EmergencyContact[]> {
  const rows = await db
    .selectFrom('emergency_contacts')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('position')
    .execute();
  return rows.map(toContact);
}

/**
 * Replaces the member's contact list in one transaction (spec §7 POST emergency-contacts): listed
 * contacts with an id are updated, new ones created, unlisted ones removed; phones are saved normalised
 * with a + prefix (spec §5); the wearer's confirmation that a contact agrees to emergency alerts is
 * kept as sent (epoch ms, policy §1; the contract refuses an emergency contact without one). A listed id that is not this member's throws {@link ContactNotFoundError}
 * and nothing is written (ownership, ARCHITECTURE.md §5).
 */
export async function replaceContacts(
  db: Db,
  memberId: number,
  contacts: readonly EmergencyContactInput[],
): Promise<EmergencyContact[]> {
  await db.transaction().execute(async (trx) => {
    const owned = new Set(
      (
        await trx
          .selectFrom('emergency_contacts')
          .select('emergency_contact_id')
          .where('member_id', '=', memberId)
          .forUpdate()
          .execute()
      ).map((r) => r.emergency_contact_id),
    );
    for (const contact of contacts) {
      if (contact.EmergencyContactID !== undefined && !owned.has(contact.EmergencyContactID)) {
        throw new ContactNotFoundError(contact.EmergencyContactID);
      }
    }
    const kept = contacts.flatMap((c) =>
      c.EmergencyContactID === undefined ? [] : [c.EmergencyContactID],
    );
    let removal = trx.deleteFrom('emergency_contacts').where('member_id', '=', memberId);
    if (kept.length > 0) removal = removal.where('emergency_contact_id', 'not in', kept);
    await removal.execute();
    for (const [position, contact] of contacts.entries()) {
      const values = {
        position,
        name: contact.Name.trim(),
        email: contact.Email.trim() || null,
        phone: normalisePhone(contact.Phone) || null,
        relationship: contact.Relationship.trim() || null,
        is_primary: contact.IsPrimary ?? false,
        can_call: contact.CanCall,
        can_sms: contact.CanSms,
        share_activity: contact.ShareActivity,
        share_assistance_alert: contact.ShareAssistanceAlert,
        share_emergency_alert: contact.ShareEmergencyAlert,
        alert_configs: JSON.stringify(contact.AlertConfigs),
        consent_confirmed_ms: contact.ConsentConfirmedTimestamp ?? null,
      };
      if (contact.EmergencyContactID === undefined) {
        await trx
          .insertInto('emergency_contacts')
          .values({ member_id: memberId, ...values })
          .execute();
      } else {
        await trx
          .updateTable('emergency_contacts')
          .set(values)
          .where('emergency_contact_id', '=', contact.EmergencyContactID)
          .where('member_id', '=', memberId)
          .execute();
      }
    }
  });
  return listContacts(db, memberId);
}
