// The first start in password mode: with no user holding a password, nobody could sign in. Either
// VAT_BOOTSTRAP_SUPER + VAT_BOOTSTRAP_PASSWORD_FILE give the listed super users a password, or a
// one-time setup link (1 hour, single use) is made for the log, opening 'Create the first administrator'.
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { countUsersWithPassword } from '../../repositories/auth-sessions';
import { bootstrapPasswords } from './accounts';
import { makeSetupLink } from './links';

/** The address printed links start with: VAT_PUBLIC_URL, else this server's HOST and PORT. */
export function publicOrigin(config: Config): string {
  if (config.auth.publicUrl) return config.auth.publicUrl;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** True while no user holds a password: the sign-in page then offers 'Create the first administrator'. */
export const setupRequired = async (db: Db): Promise<boolean> => (await countUsersWithPassword(db)) === 0;

/** Returns the lines to print at start-up (none when sign-in is already possible or not by password). */
export async function prepareFirstSignIn(db: Db, config: Config, now = new Date()): Promise<string[]> {
  if (config.auth.mode !== 'password') return [];
  const given = await bootstrapPasswords(db, config.bootstrapSuper, config.auth.bootstrapPasswordFile, now);
  if (given.length)
    return [`Sign-in: super user(s) ${given.join(', ')} got the password of VAT_BOOTSTRAP_PASSWORD_FILE`];
  if (!(await setupRequired(db))) return [];
  const { token } = await makeSetupLink(db, now);
  return [
    'No user can sign in yet. Open this one-time link (valid 1 hour, single use) to create the first administrator:',
    `  ${publicOrigin(config)}/setup?token=${token}`,
  ];
}
