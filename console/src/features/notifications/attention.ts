import type { NotificationPreferences } from '@leadfloor/contracts';

export type DesktopPermission = NotificationPermission | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

export const desktopPermission = (): DesktopPermission => (supported() ? window.Notification.permission : 'unsupported');

/** Asks once, from the click that turns desktop notifications on (browsers require a gesture). */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (!supported()) return 'unsupported';
  if (window.Notification.permission !== 'default') return window.Notification.permission;
  return window.Notification.requestPermission();
}

let audio: AudioContext | null = null;

function playNotes(ctx: AudioContext): void {
  const start = ctx.currentTime;
  for (const [i, frequency] of [880, 1318.5].entries()) {
    const at = start + i * 0.12;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.08, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.3);
  }
}

/**
 * A soft two-note chime, synthesised: no sound file to download for a 300 ms cue. Browsers
 * allow sound only once the person has interacted with the page; before that it stays silent
 * (and a chime that could only start much later is dropped rather than played out of turn).
 */
function chime(): void {
  if (typeof navigator !== 'undefined' && navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    const ctx = (audio ??= new AudioContext());
    const asked = performance.now();
    const play = () => {
      if (performance.now() - asked < 1000) playNotes(ctx);
    };
    if (ctx.state === 'running') play();
    else void ctx.resume().then(play, () => {});
  } catch {
    /* no audio here: the toast and the badge still tell */
  }
}

/**
 * Spec 3's delivery switches: a chime when sound is on, and a system notification when
 * desktop notifications are on, allowed, and LeadFloor is not the tab being looked at.
 */
export function drawAttention(title: string, message: string, prefs: NotificationPreferences | undefined): void {
  if (!prefs) return;
  if (prefs.soundEnabled) chime();
  if (prefs.desktopNotificationsEnabled && desktopPermission() === 'granted' && document.visibilityState === 'hidden') {
    try {
      new window.Notification(title, { body: message, tag: `leadfloor-${title}` });
    } catch {
      /* some platforms only allow notifications from a service worker */
    }
  }
}
