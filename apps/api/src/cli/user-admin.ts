import { runCommand } from './command.js';
import { userAdmin } from './user-admin-command.js';

/** `npm run user:admin -- [--revoke] <email>`: see user-admin-command.ts. */
runCommand('user:admin', userAdmin);
