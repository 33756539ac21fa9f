import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, brotliTwinOf } from '../../../server/activities/trackCompression';

describe('a cached track’s brotli twin', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=0.5, gzip', true],
    ['br;q=0, gzip', false],
    ['gzip, deflate', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('Accept-Encoding %j accepts brotli: %s', (header, accepted) => {
    expect(acceptsBrotli(header)).toBe(accepted);
  });

  it('is made once per body and decodes to it', async () => {
    const body = new Uint8Array(64 * 1024).map((_, i) => i % 251);
    const twin = brotliTwinOf(body);
    expect(brotliTwinOf(body)).toBe(twin);
    const bytes = await twin;
    expect(bytes.byteLength).toBeLessThan(body.byteLength / 10);
    expect(new Uint8Array(brotliDecompressSync(bytes))).toEqual(body);
  });
});

describe('a failed brotli twin', () => {
  it('is not kept: the next request for the same body tries again', async () => {
    const body = new Uint8Array(4096).fill(7);
    // A body whose bytes were moved away (a detached buffer) cannot be encoded.
    const moved = structuredClone(body.buffer, { transfer: [body.buffer] });
    const failed = brotliTwinOf(body);
    await expect(failed).rejects.toThrow();
    expect(brotliTwinOf(body)).not.toBe(failed);
    await expect(brotliTwinOf(body)).rejects.toThrow();
    expect(moved.byteLength).toBe(4096);
  });
});
