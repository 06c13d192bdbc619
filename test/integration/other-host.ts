/**
 * "The other host" of the redirect tests: a tiny HTTP server on 127.0.0.1 that answers every request with a
 * token-shaped JSON body (what an attacker's server would hand out) and records what reached it: connections,
 * request lines and bodies. A test asserts it received nothing.
 */
import { countingServer, type CountingServer } from '../proxy/support';

export const OTHER_HOST_TOKEN = 'token-from-the-other-host-0123456789';

export type OtherHost = CountingServer;

/** Answers every request with a token of its own and records request lines and bodies. */
export function startOtherHost(): Promise<OtherHost> {
  return countingServer({
    recordBodies: true,
    answer: JSON.stringify({
      access_token: OTHER_HOST_TOKEN,
      token_type: 'bearer',
      refresh_token: 'refresh-from-the-other-host',
      expires_in: 300,
      refresh_expires_in: 1209600,
      scope: 'all',
    }),
  });
}
