/**
 * Query parameters that carry secrets of the sign-in flows: OAuth codes and states on the API callback, the
 * one-time login code on the storefront's callback page, and the password-reset token. Their values are
 * replaced before a URL reaches the log.
 */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'id_token', 'access_token', 'refresh_token']);

export const REDACTED = '[redacted]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the values of secret query parameters replaced; everything else is left exactly as it was. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const pairs = url.slice(mark + 1).split('&');
  let redacted = false;
  for (const [i, pair] of pairs.entries()) {
    const eq = pair.indexOf('=');
    if (eq === -1 || !SECRET_PARAMS.has(paramName(pair.slice(0, eq)))) continue;
    pairs[i] = `${pair.slice(0, eq)}=${REDACTED}`;
    redacted = true;
  }
  return redacted ? `${url.slice(0, mark + 1)}${pairs.join('&')}` : url;
}
