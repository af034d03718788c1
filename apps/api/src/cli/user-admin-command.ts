/**
 * `npm run user:admin -- <email>` makes an existing account an admin; `--revoke` makes it a customer again.
 * Same configuration as the shop (env.ts): the embedded database under DATA_DIR, or DATABASE_URL. The
 * embedded database opens in one process at a time, so with it the shop must be stopped first (the lock in
 * db/pglite-lock.ts says so when it is not). The command itself is `user-admin.ts`, beside this file.
 */
import { parseArgs } from 'node:util';
import { setUserRole } from '../modules/account/index.js';
import { commandArgs, openShopDatabase, type CommandIo } from './command.js';

const USAGE = 'Usage: npm run user:admin -- [--revoke] <email>';

/** Runs the command with its arguments; answers the exit code. */
export async function userAdmin(argv: string[], io: CommandIo): Promise<number> {
  const { out, err } = io;
  const parsed = commandArgs(
    () =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        options: { revoke: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
      }),
    USAGE,
    io,
  );
  if (!parsed) return 2;
  if (parsed.values.help) {
    out(`${USAGE}\nMakes an existing account an admin; --revoke makes it a customer again.`);
    return 0;
  }
  const [email, ...extra] = parsed.positionals;
  if (!email || extra.length > 0 || !email.includes('@')) {
    err(`Give exactly one e-mail address.\n${USAGE}`);
    return 2;
  }

  const opened = await openShopDatabase(io);
  if (typeof opened === 'number') return opened;
  const { config, database } = opened;
  try {
    const role = parsed.values.revoke ? 'customer' : 'admin';
    const result = await setUserRole(database.db, email, role, config.shop.name);
    const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `${config.dataDir}/db`;
    if (!result) {
      err(`No account has the e-mail ${email.trim().toLowerCase()} (in ${where}). They must register first.`);
      return 1;
    }
    const who = `${result.user.email} (${result.user.name}, #${result.user.id})`;
    if (result.unverified) {
      err(
        `${who} has not confirmed its e-mail address, so it cannot be an admin. Open the link the shop e-mailed ` +
          '(or ask for a new one on the profile page), then run this again.',
      );
      return 1;
    }
    if (!result.changed)
      out(`${who} is already ${role === 'admin' ? 'an admin' : 'a customer'}; nothing changed.`);
    else if (role === 'admin') {
      out(
        `${who} is now an admin. The back office asks for a second factor: they set up an authenticator app ` +
          'in their account (Security) at their next sign-in.',
      );
    } else {
      out(
        `${who} is a customer again; the back office refuses them from now on.` +
          (result.factorRemoved
            ? ' Their authenticator app was removed: granted again, they set up a new one.'
            : ''),
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}
