import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'LeadFloor';
/** RFC 6238's 30-second step, as every authenticator app uses it. */
export const TOTP_PERIOD_S = 30;
/** A code of the step before or after the current one is accepted too (clock drift). */
const TOLERANCE_S = TOTP_PERIOD_S;

/** A fresh secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/**
 * What an authenticator app needs: the otpauth:// URI, the same as a QR code (an SVG made
 * here, as a data URL, so no third party ever sees the secret), and the key for typing in.
 */
export async function enrolment(secret: string, accountName: string) {
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    manualKey: secret.match(/.{1,4}/g)!.join(' '),
  };
}

/**
 * The time step `code` belongs to, within a step either side of `now`, or null when it
 * matches none. Whether that step was used already is the user's stream's to decide.
 */
export async function matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_S });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
