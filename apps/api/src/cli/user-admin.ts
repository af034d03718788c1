import { userAdmin } from './user-admin-command.js';

/** `npm run user:admin -- [--revoke] <email>`: see user-admin-command.ts. */
userAdmin(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`user:admin failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
