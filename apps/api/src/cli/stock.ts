import { runCommand } from './command.js';
import { stockCommand } from './stock-command.js';

/** `npm run stock -- <slug> [<size> <count>]`: see stock-command.ts. */
runCommand('stock', stockCommand);
