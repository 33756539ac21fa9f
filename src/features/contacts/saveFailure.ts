import * as z from 'zod/mini';
import { HttpError, NetworkError } from '../../api/client/apiErrors';
import { ApiErrorBody } from '../../api/errors';

/** A message for one place of the editor: a contact's field (`EmergencyContacts.1.Email`) or the list. */
export interface ContactsFieldMessage {
  /** A form path: `EmergencyContacts.<index>.<Field>`, or `EmergencyContacts` for the whole list. */
  readonly path: string;
  /** The translation key (a `Validations.*` or `Contacts.*` key). */
  readonly key: string;
}

/** Why a save failed, as the editor shows it: a general message and the fields it concerns. */
export interface ContactsSaveFailure {
  readonly errorKey: string;
  readonly fieldMessages: readonly ContactsFieldMessage[];
}

/** The general messages of a failed save. */
export const SAVE_ERROR_KEYS = {
  /** The list was refused (400): 'Please correct invalid values' (policy §5). */
  invalid: 'Validations.InvalidValues',
  /** A contact of the list no longer exists (404, removed in another session). */
  notFound: 'Contacts.Errors.NotFound',
  /** No answer from the server. */
  network: 'Contacts.Errors.Network',
  /** Anything else. */
  failed: 'Contacts.Errors.SaveFailed',
} as const;

/** The editor fields a server or contract issue can point at; the consent time is the consent tick. */
const FIELD_OF: Readonly<Record<string, string>> = {
  Name: 'Name',
  Email: 'Email',
  Phone: 'Phone',
  Relationship: 'Relationship',
  ConsentConfirmedTimestamp: 'ConsentConfirmed',
};

const TRANSLATION_KEY = /^(Validations|Contacts)\.[A-Za-z0-9_.]+$/;
const Issues = ApiErrorBody.shape.Issues.def.innerType;

/**
 * The editor place of an issue at `path` (segments after any `body.` prefix of a server issue) with
 * `message`, or null when the issue is not about a field the editor shows or its message is not a key.
 */
function fieldMessageOf(path: readonly string[], message: string): ContactsFieldMessage | null {
  if (!TRANSLATION_KEY.test(message) || path[0] !== 'EmergencyContacts') return null;
  if (path.length === 1) return { path: 'EmergencyContacts', key: message };
  const [, index, field] = path;
  const editorField = field === undefined ? undefined : FIELD_OF[field];
  if (path.length !== 3 || !/^\d+$/.test(index ?? '') || !editorField) return null;
  return { path: `EmergencyContacts.${index}.${editorField}`, key: message };
}

/**
 * The issues a failure carries: a 400 answer's `Issues` (`{ Path: 'body.EmergencyContacts.0.Email',
 * Message }`), read from the error's `issues` when the API client attaches them, or the contract's own
 * issues when the request failed its schema before it was sent (a zod `$ZodError`).
 */
function issuesOf(error: unknown): { path: string[]; message: string }[] {
  if (error instanceof z.core.$ZodError) {
    return error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  }
  if (error instanceof HttpError && error.status === 400) {
    const parsed = Issues.safeParse((error as HttpError & { issues?: unknown }).issues);
    if (!parsed.success) return [];
    return parsed.data.map((issue) => ({
      path: issue.Path.split('.').filter((part, i) => !(i === 0 && part === 'body')),
      message: issue.Message,
    }));
  }
  return [];
}

/**
 * How the editor shows a failed `POST emergency-contacts` (app §7): a refused list (HTTP 400 or the
 * contract's own check) → 'Please correct invalid values' with each issue about a shown field as that
 * field's message (the consent time's as the consent tick's); 404 → a contact no longer exists; no
 * answer → a network message; anything else → a general save error.
 */
export function saveFailureOf(error: unknown): ContactsSaveFailure {
  const fieldMessages = issuesOf(error).flatMap(
    (issue) => fieldMessageOf(issue.path, issue.message) ?? [],
  );
  if (error instanceof z.core.$ZodError || (error instanceof HttpError && error.status === 400)) {
    return { errorKey: SAVE_ERROR_KEYS.invalid, fieldMessages };
  }
  if (error instanceof HttpError && error.status === 404) {
    return { errorKey: SAVE_ERROR_KEYS.notFound, fieldMessages };
  }
  if (error instanceof NetworkError) return { errorKey: SAVE_ERROR_KEYS.network, fieldMessages };
  return { errorKey: SAVE_ERROR_KEYS.failed, fieldMessages };
}
