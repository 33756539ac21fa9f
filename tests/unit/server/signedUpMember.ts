import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/database';
import {
  MemoryStorage,
  amz,
  clientPool,
  latestCode,
  poolOf,
  signIn,
  userOf,
} from './identity/identityKit';

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
  const clientId = poolOf(app).clientId;
  await amz(app, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Dana' },
    ],
  });
  await amz(app, 'ConfirmSignUp', {
    ClientId: clientId,
    Username: email,
    ConfirmationCode: await latestCode(db, email),
  });
  const storage = new MemoryStorage();
  const session = await signIn(userOf(clientPool(app, origin, storage), email, storage), password);
  return session.getIdToken().getJwtToken();
}
