import type { z } from 'zod';
import type { IdentityContext } from '../context';
import { IdentityError } from '../errors';
import { parseRequest } from '../schemas';

/** One operation of the service: parses its body, then runs; resolves with the JSON answer. */
export interface Operation {
  run(ctx: IdentityContext, body: unknown): Promise<object>;
}

/**
 * An operation whose body is validated with `schema` first (InvalidParameterException on failure,
 * before anything is read or written) and then handled by `handle`.
 */
export function defineOperation<S extends z.ZodType>(
  schema: S,
  handle: (ctx: IdentityContext, input: z.output<S>) => Promise<object>,
): Operation {
  return {
    run: (ctx, body) => handle(ctx, parseRequest(schema, body)),
  };
}

/**
 * Checks that `clientId` is the pool's app client; ResourceNotFoundException "User pool client … does
 * not exist." otherwise, as Cognito answers an unknown client.
 */
export function requireClient(ctx: IdentityContext, clientId: string): void {
  if (clientId !== ctx.pool.clientId) {
    throw new IdentityError(
      'ResourceNotFoundException',
      `User pool client ${clientId} does not exist.`,
    );
  }
}
