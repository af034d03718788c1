/**
 * The shop's configuration: the one place that reads the process's environment. The variables are declared,
 * read and validated in config/ (one file per concern); the rest of the API imports them from here.
 */
import { loadConfig as configFrom, type Config } from './config/index.js';

export * from './config/index.js';

/** The configuration of this process, from its environment (or `source`, as the tests give it). */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  return configFrom(source);
}
