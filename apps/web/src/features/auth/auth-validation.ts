/**
 * The translated messages of the auth forms (spec section 5: emailRequired, emailInvalid, passwordRequired,
 * passwordLength, passwordMismatch), chosen from the rule that failed. No zod here: the server's field errors
 * are mapped with it too.
 */
export type AuthErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'nameInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordLength'
  | 'passwordTooLong'
  | 'passwordMismatch'
  | 'tokenInvalid';

export type TranslateError = (key: `validation.${AuthErrorKey}`) => string;

interface IssueLike {
  code: string;
  minimum?: unknown;
}

const isMissing = (issue: IssueLike) =>
  issue.code === 'invalid_type' || (issue.code === 'too_small' && Number(issue.minimum) <= 1);

/** Which translated message tells the visitor what the rule that failed asks of them. */
export function authErrorKey(field: string, issue: IssueLike): AuthErrorKey {
  switch (field) {
    case 'name':
      return isMissing(issue) ? 'nameRequired' : issue.code === 'too_big' ? 'nameTooLong' : 'nameInvalid';
    case 'email':
      return isMissing(issue) ? 'emailRequired' : 'emailInvalid';
    case 'password':
      if (isMissing(issue)) return 'passwordRequired';
      return issue.code === 'too_big' ? 'passwordTooLong' : 'passwordLength';
    case 'password_confirmation':
      return 'passwordMismatch';
    default:
      return 'tokenInvalid';
  }
}
