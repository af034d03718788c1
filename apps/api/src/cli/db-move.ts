import { dbMove } from './db-move-command.js';

/** `npm run db:move -- <DATABASE_URL>`: see db-move-command.ts. */
dbMove(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`db:move failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
