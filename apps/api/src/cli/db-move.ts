import { runCommand } from './command.js';
import { dbMove } from './db-move-command.js';

/** `npm run db:move -- <DATABASE_URL>`: see db-move-command.ts. */
runCommand('db:move', dbMove);
