/**
 * The token-redirect fault (issue #25 item 1): the token endpoint answers with a redirect to another address
 * instead of issuing a token, as a misconfigured service, a captive portal or a man in the middle would. A client
 * that followed a 307/308 would post the client ID and secret to that address; one that followed a 301/302 would
 * fetch its "token" there. The only fault that applies to the token endpoint (faults.ts leaves it alone otherwise).
 */
import type { FastifyReply } from 'fastify';

export const TOKEN_REDIRECT_STATUSES = [301, 302, 307, 308] as const;

export interface TokenRedirect {
  status: (typeof TOKEN_REDIRECT_STATUSES)[number];
  /** The `Location` sent, as given (absolute or relative). */
  location: string;
}

/** Answers `reply` with the redirect when one is set; true when it did. */
export function answerTokenRedirect(redirect: TokenRedirect | undefined, reply: FastifyReply): boolean {
  if (redirect === undefined) return false;
  reply.code(redirect.status).header('Location', redirect.location).header('Content-Length', '0').send();
  return true;
}
