/** A setting that stops the start; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
