import type { FastifyInstance } from 'fastify';

/**
 * Whether `value` — a request's parsed body, query or path parameters: JSON-like values — holds a
 * string with the NUL character (U+0000), in a value or a key, at any depth. Binary bodies (a Buffer
 * or any other typed array) are not text and are not searched. Walks with a stack of its own, so no
 * nesting depth can overflow the call stack.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null && !ArrayBuffer.isView(item)) {
      for (const [key, entry] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(entry);
      }
    }
  }
  return false;
}

/** The message of a request refused for a NUL character. */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (U+0000)';

/**
 * Refuses, before validation, every request whose body, query or path parameters hold a NUL
 * character (U+0000), with a 400 (`code` NUL_CHARACTER): the spec's REQUEST_INVALID shape on the
 * API, InvalidParameterException on the identity service, each through its scope's error handler.
 * PostgreSQL's text cannot hold the character, so such a value reached the database only to fail
 * there with a 500 — a share viewer's id, an equipment's name, an ingest key, an e-mail address —
 * and no text a person types or a device reports has it. Registered on the root instance, before
 * any route.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(
        Object.assign(new Error(NUL_CHARACTER_MESSAGE), { code: 'NUL_CHARACTER', statusCode: 400 }),
      );
      return;
    }
    done();
  });
}
