import { describe, expect, it } from 'vitest';
import { pickKeys } from '../../../scripts/vite/localeKeys';

/** The build's `?keys=` pick of a translation file (scripts/vite/localeKeys.ts). */
describe('pickKeys', () => {
  const tree = {
    Language: 'Language',
    Units: { Label: 'Units', Presets: { metric: 'Metric', imperial: 'Imperial' }, Other: 'x' },
    Save: 'Save',
  };

  it('keeps the strings and subtrees named by dotted paths, and nothing else', () => {
    expect(pickKeys(tree, ['Language', 'Units.Presets'])).toEqual({
      Language: 'Language',
      Units: { Presets: { metric: 'Metric', imperial: 'Imperial' } },
    });
    expect(pickKeys(tree, ['Units.Label', 'Units.Presets.metric'])).toEqual({
      Units: { Label: 'Units', Presets: { metric: 'Metric' } },
    });
  });

  it('fails on a path the file does not have, or one through a string', () => {
    expect(() => pickKeys(tree, ['Units.Nope'])).toThrow('"Units.Nope" is not in the file');
    expect(() => pickKeys(tree, ['Save.Label'])).toThrow('"Save.Label" is not in the file');
  });
});
