import { describe, expect, it } from 'vitest';
import de from '../../../../locales/de/IdentityCodes.json';
import en from '../../../../locales/en/IdentityCodes.json';
import fr from '../../../../locales/fr/IdentityCodes.json';
import { messageLanguageOf } from '../../../../server/identity/delivery';
import { createCognitoIdentityClient } from '../../../../src/api/client/identityClient';
import type { IdentityClient } from '../../../../src/api/identity';
import { registerListeningTestServer } from '../signedUpMember';
import { latestCode, MemoryStorage, poolOf } from './identityKit';

/*
 * The identity service's codes in the language of the page that asked for them: the app's identity
 * client (the real amazon-cognito-identity-js underneath) sends `ClientMetadata.language` with each
 * call that makes the service send a code, and the e-mail or text is written in it (section
 * `IdentityCodes` of locales/); no language, or one the app does not offer, is English.
 */

const server = registerListeningTestServer();

function clientIn(language: string | undefined): IdentityClient {
  const pool = poolOf(server.app);
  return createCognitoIdentityClient(
    { ...pool, endpoint: `${server.origin}/identity` },
    new MemoryStorage(),
    { messageLanguage: () => language },
  );
}

async function messageWith(code: string) {
  return server.database.db
    .selectFrom('outbox_messages')
    .select(['subject', 'body'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
}

async function signedUpIn(language: string | undefined, email: string) {
  await clientIn(language).signUp({
    email,
    password: 'Correct-Horse-1',
    nameFirst: 'Dana',
    nameLast: 'Scully',
    country: 'DE',
    subRegion: 'Bayern',
  });
  const code = await latestCode(server.database.db, email);
  return { code, message: await messageWith(code) };
}

describe('identity codes in the page’s language', () => {
  it('writes the sign-up code in German for a German page, and in English without a language', async () => {
    const german = await signedUpIn('de', 'greta@example.com');
    expect(german.message).toEqual({
      subject: de.SignUp.Subject,
      body: de.SignUp.Body.replace('{{code}}', german.code),
    });
    expect(german.message.subject).not.toBe(en.SignUp.Subject);

    const english = await signedUpIn(undefined, 'eric@example.com');
    expect(english.message).toEqual({
      subject: en.SignUp.Subject,
      body: en.SignUp.Body.replace('{{code}}', english.code),
    });

    const unknown = await signedUpIn('xx', 'xavier@example.com');
    expect(unknown.message.subject).toBe(en.SignUp.Subject);
  });

  it('writes the password reset code in the language the reset was asked in', async () => {
    const email = 'francoise@example.com';
    const { code } = await signedUpIn('fr', email);
    await clientIn('fr').confirmSignUp(email, code);
    await clientIn('fr').forgotPassword(email);
    const reset = await latestCode(server.database.db, email);
    expect(await messageWith(reset)).toEqual({
      subject: fr.ForgotPassword.Subject,
      body: fr.ForgotPassword.Body.replace('{{code}}', reset),
    });
  });
});

describe('messageLanguageOf', () => {
  it.each([
    [{ language: 'de' }, 'de'],
    [{ language: 'ua' }, 'ua'],
    [{ language: 'uk' }, null],
    [{ language: 'de-DE' }, null],
    [{ language: null }, null],
    [{}, null],
    [null, null],
    [undefined, null],
  ])('%j → %s', (metadata, language) => {
    expect(messageLanguageOf(metadata)).toBe(language);
  });
});
