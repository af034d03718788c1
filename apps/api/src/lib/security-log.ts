import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * Events a security review looks for (ASVS 16.3): failed and throttled sign-ins, refresh-token re-use, refused
 * admin calls, role and credential changes. Each line carries `security` (the event), the user when known, the
 * client's IP and a reason; never a password, a token, a code or an e-mail address.
 */
export type SecurityEvent =
  | 'signed_in'
  | 'signed_out'
  | 'login_failed'
  | 'login_slowed'
  | 'rate_limited'
  | 'refresh_token_reused'
  | 'admin_forbidden'
  | 'role_changed'
  | 'password_changed'
  | 'password_reset'
  | 'password_removed'
  | 'email_verified'
  | 'sessions_revoked'
  | 'second_factor_enabled'
  | 'second_factor_removed'
  | 'second_factor_failed'
  | 'second_factor_verified'
  | 'recovery_code_used'
  | 'recovery_codes_renewed'
  | 'social_sign_in_refused'
  | 'oauth_binding_mismatch';

const FAILURES = new Set<SecurityEvent>([
  'login_failed',
  'login_slowed',
  'rate_limited',
  'refresh_token_reused',
  'admin_forbidden',
  'second_factor_failed',
  'social_sign_in_refused',
  'oauth_binding_mismatch',
]);

export interface SecurityDetails {
  userId?: number | undefined;
  reason: string;
  [key: string]: string | number | boolean | undefined;
}

export function securityEvent(request: FastifyRequest, event: SecurityEvent, details: SecurityDetails): void {
  logSecurityEvent(request.log, event, { ip: request.ip, ...details });
}

/** The same line where there is no request (the command line, a sign-in decided in a service). */
export function logSecurityEvent(
  log: FastifyBaseLogger,
  event: SecurityEvent,
  details: SecurityDetails & { ip?: string },
): void {
  const line = { security: event, ...details };
  if (FAILURES.has(event)) log.warn(line, `security: ${event}`);
  else log.info(line, `security: ${event}`);
}
