import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../../../src/streams/storage';

/*
 * This app instance's share viewer id (spec app §6 "notes and resolving need a viewer id";
 * src/store/shares/shareViewer.ts): a random UUID, stored, also where the browser has no
 * `crypto.randomUUID` (a page that is no secure context: a share link opened over plain http on a
 * local network), where calling it had ended every epic of the store.
 */

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('loadShareViewer', () => {
  it('makes a random version 4 UUID once and keeps it', async () => {
    const { loadShareViewer } = await import('../../../../src/store/shares/shareViewer');
    const values = new Map<string, string>();
    const storage = createStorage({
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
    } as unknown as Storage);
    const first = loadShareViewer(storage);
    expect(first.ShareViewerId).toMatch(UUID_V4);
    expect(loadShareViewer(storage).ShareViewerId).toBe(first.ShareViewerId);
    expect(loadShareViewer(createStorage(null)).ShareViewerId).not.toBe(first.ShareViewerId);
  });

  it('makes one where the browser has no crypto.randomUUID (no secure context)', async () => {
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(array: T) =>
        webcrypto.getRandomValues(array as unknown as Uint8Array) as unknown as T,
    });
    vi.resetModules();
    const { loadShareViewer } = await import('../../../../src/store/shares/shareViewer');
    expect(loadShareViewer(createStorage(null)).ShareViewerId).toMatch(UUID_V4);
  });
});
