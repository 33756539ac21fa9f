import { describe, expect, it } from 'vitest';
import { playAlertBeep } from '../../../src/ui/sound/alertBeep';

describe('the alert beep (docs/monitor.md "Cues")', () => {
  it('does nothing, and never throws, where Web Audio is missing (Node, jsdom)', () => {
    expect('AudioContext' in globalThis).toBe(false);
    expect(playAlertBeep()).toBe(false);
  });
});
