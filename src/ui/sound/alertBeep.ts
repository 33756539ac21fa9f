/** Length of the alert beep, s: short enough not to annoy, long enough to be heard. */
export const ALERT_BEEP_SECONDS = 0.25;
/** Pitch of the alert beep, Hz (A5: clear on laptop speakers). */
export const ALERT_BEEP_HZ = 880;

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

/** The page's one AudioContext, made on first use; null where Web Audio is missing (jsdom, old browsers). */
function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext;
  if (typeof Ctor !== 'function') return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Plays a short beep through Web Audio (issue 8 item 6 "an audible cue on a new alert";
 * docs/monitor.md "Cues"): {@link ALERT_BEEP_HZ} for {@link ALERT_BEEP_SECONDS}, fading out. Never
 * throws: without an AudioContext (jsdom), or when the browser refuses to play before the user
 * interacted with the page (autoplay policy), it does nothing. Returns whether a beep was scheduled.
 */
export function playAlertBeep(): boolean {
  const audio = audioContext();
  if (!audio) return false;
  try {
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    const start = audio.currentTime;
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(ALERT_BEEP_HZ, start);
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + ALERT_BEEP_SECONDS);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + ALERT_BEEP_SECONDS);
    return true;
  } catch {
    return false;
  }
}
