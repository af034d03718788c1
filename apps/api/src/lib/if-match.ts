import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@boutique/contracts/constants';
import { fieldError, HttpError } from './http-error.js';

const VERSION_REQUIRED =
  'Say which version of the record this change is based on: the If-Match header (the ETag you read) or "version" in the body.';

/** `"7"`, `W/"7"` or `7`: the version an `If-Match` header names; undefined when it names none. */
function versionOfTag(header: string): number | undefined | 'bad' {
  const tags = header.split(',').map((t) => t.trim());
  if (tags.length !== 1) return 'bad';
  const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(tags[0] ?? '');
  return m ? Number(m[1]) : 'bad';
}

/**
 * The version an admin write is based on, from `If-Match` or the body's `version` (decision 028). Neither:
 * 428 Precondition Required, `version_required` (a write that does not say what it saw could undo a change it
 * never showed). `If-Match: *`, several tags or a header that disagrees with the body: 422 on `version`.
 */
export function expectedVersion(req: FastifyRequest, bodyVersion?: number): number {
  const header = req.headers['if-match'];
  const fromHeader = typeof header === 'string' && header.trim() !== '' ? versionOfTag(header) : undefined;
  if (fromHeader === 'bad') {
    throw new HttpError(422, 'The given data was invalid', {
      version: [
        fieldError('invalid', 'If-Match must name one version, as the ETag of the record says (e.g. W/"3").'),
      ],
    });
  }
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw new HttpError(422, 'The given data was invalid', {
      version: [
        fieldError('mismatch', 'The If-Match header and the version in the body name different versions.'),
      ],
    });
  }
  const version = fromHeader ?? bodyVersion;
  if (version === undefined || version < 1) {
    throw new HttpError(
      428,
      VERSION_REQUIRED,
      { version: [fieldError('required', VERSION_REQUIRED)] },
      {
        code: ERROR_CODES.versionRequired,
      },
    );
  }
  return version;
}

/**
 * The record's version as an ETag on a single-record answer. Weak: the answer also carries what moves without
 * a write of the record (pieces sold, the audit's names), while the version counts the writes.
 */
export function setETag(reply: FastifyReply, version: number): void {
  void reply.header('etag', `W/"${version}"`);
}
