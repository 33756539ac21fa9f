import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Db } from '../db/database';
import type { Clock } from './context';

const generateRsaKeyPair = promisify(generateKeyPair);

/** RSA modulus length of the token signing keys, bits. */
const RSA_BITS = 2048;

/** The pool's token signing keys (identity-protocol.md §4: RS256 with a `kid` header). */
export interface SigningKeys {
  /** The key id of the signing key (its RFC 7638 JWK thumbprint). */
  readonly kid: string;
  /** The RSA private key tokens are signed with. */
  readonly privateKey: KeyObject;
  /** Every public key of the pool, as served at `/.well-known/jwks.json`. */
  readonly jwks: JSONWebKeySet;
  /** {@link jwks} as a jose key resolver, for verifying the pool's own tokens. */
  readonly keySet: JWTVerifyGetKey;
}

async function newKeyRow(now: number): Promise<{
  kid: string;
  private_key_pem: string;
  public_jwk: string;
  created_ms: number;
}> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: RSA_BITS });
  const jwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  const publicJwk: JWK = { ...jwk, kid, alg: 'RS256', use: 'sig' };
  return {
    kid,
    private_key_pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    public_jwk: JSON.stringify(publicJwk),
    created_ms: now,
  };
}

/**
 * Loads the pool's RSA-2048 signing keys from `identity_signing_keys`, generating and storing one on
 * the first start. When several processes start at once each may store a key; all of them then sign
 * with the oldest one (ordered by creation time, then kid) and publish every key, so tokens verify
 * everywhere. Private keys are stored as PKCS#8 PEM in the database, readable by whoever reads it.
 */
export async function loadSigningKeys(db: Db, now: Clock): Promise<SigningKeys> {
  const select = () =>
    db
      .selectFrom('identity_signing_keys')
      .select(['kid', 'private_key_pem', 'public_jwk'])
      .orderBy('created_ms')
      .orderBy('kid')
      .execute();
  let rows = await select();
  if (rows.length === 0) {
    await db
      .insertInto('identity_signing_keys')
      .values(await newKeyRow(now()))
      .onConflict((oc) => oc.doNothing())
      .execute();
    rows = await select();
  }
  const signing = rows[0];
  if (!signing) throw new Error('identity: no signing key could be stored');
  const jwks: JSONWebKeySet = { keys: rows.map((row) => row.public_jwk) };
  return {
    kid: signing.kid,
    privateKey: createPrivateKey(signing.private_key_pem),
    jwks,
    keySet: createLocalJWKSet(jwks),
  };
}
