// Random secrets and their stored form. A secret (session id, token, link) is 32 random bytes; the
// database keeps only its SHA-256, so a leaked table or backup signs nobody in. A plain hash suffices
// here (unlike passwords): the secret has 256 bits of entropy, nothing to guess.
import crypto from 'node:crypto';

export const newSecret = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (secret: string): string => crypto.createHash('sha256').update(secret).digest('hex');
