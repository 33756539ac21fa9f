import { describe, expect, it } from 'vitest';
import { typedArrayReplacer, typedArrayReviver } from '../../../../src/store/actionLog/typedArrays';

describe('typed arrays in an exported action log', () => {
  it('writes typed arrays losslessly (NaN included) and reads them back as the same kind', () => {
    const payload = {
      time: new Float64Array([1_764_000_000_123, 1_764_000_001_123]),
      alt: new Float32Array([12.5, NaN]),
      bytes: new Uint8Array([0, 255]),
      plain: [1, null, 'x'],
    };
    const json = JSON.stringify({ payload }, typedArrayReplacer);
    expect(json).toContain('"$typedArray":"Float32Array"');
    const back = (JSON.parse(json, typedArrayReviver) as { payload: typeof payload }).payload;
    expect(back.time).toBeInstanceOf(Float64Array);
    expect([...back.time]).toEqual([...payload.time]);
    expect(back.alt).toBeInstanceOf(Float32Array);
    expect([...back.alt]).toEqual([12.5, NaN]);
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect(back.plain).toEqual([1, null, 'x']);
  });

  it('leaves objects that merely look like an encoded array alone when the kind is unknown', () => {
    const json = JSON.stringify({ $typedArray: 'BigInt64Array', values: [1] });
    expect(JSON.parse(json, typedArrayReviver)).toEqual({
      $typedArray: 'BigInt64Array',
      values: [1],
    });
  });
});
