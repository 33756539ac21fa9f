import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/database';
import { signUpAndSignIn } from './identity/identityKit';

/**
 * Signs up and confirms `email` through the identity API of a listening server at `origin`, signs in
 * with the real client and returns the ID token.
 */
export async function signedUpIdToken(
  app: FastifyInstance,
  db: Db,
  origin: string,
  email: string,
  password = 'Fjord#Paddle7',
): Promise<string> {
  const session = await signUpAndSignIn(app, db, origin, email, password, [
    { Name: 'email', Value: email },
    { Name: 'given_name', Value: 'Dana' },
  ]);
  return session.getIdToken().getJwtToken();
}
