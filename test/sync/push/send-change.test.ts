/**
 * One write settled (src/sync/push/send-change.ts): a lost answer is read back before anything is sent again; a
 * create (`once`) is sent again only after the service's own answer, never while the first may still be running.
 */
import { ApiConnectionError, ApiError, ApiTimeoutError, InternalServerError } from '../../../src/api';
import { sendChange, type SendSteps } from '../../../src/sync/push/send-change';

const noWait = async (): Promise<void> => undefined;

/** A write whose sends fail with `failures` in turn (then land), never found by the read-back. */
function steps(failures: unknown[]): SendSteps<string> & { sends: number } {
  const state = {
    sends: 0,
    async send(): Promise<string> {
      const failure = failures[state.sends];
      state.sends += 1;
      if (failure !== undefined) throw failure;
      return 'created';
    },
    check: async () => ({ landed: false as const }),
  };
  return state;
}

const timeout = () => new ApiTimeoutError({ message: 'timed out', method: 'POST', path: '/invoices/', requestNotSent: false });
const dropped = () => new ApiConnectionError({ message: 'reset', method: 'POST', path: '/invoices/', requestNotSent: false });
const serverError = () => new InternalServerError({ message: '500', status: 500, method: 'POST', path: '/invoices/' });

const gatewayTimeout = () => new ApiError({ message: '504', status: 504, method: 'POST', path: '/invoices/' });

test("a create after a timeout, a dropped connection or a gateway's 504 is not sent again: its outcome stays unknown", async () => {
  for (const failure of [timeout(), dropped(), gatewayTimeout()]) {
    const write = steps([failure]);
    expect(await sendChange(write, { sleep: noWait, once: true })).toEqual({ kind: 'unknown', error: failure });
    expect(write.sends).toBe(1);
  }
});

test("a create after the service's own 5xx answer is sent again; any write but a create after a timeout too", async () => {
  const create = steps([serverError()]);
  expect(await sendChange(create, { sleep: noWait, once: true })).toEqual({ kind: 'landed', value: 'created' });
  expect(create.sends).toBe(2);
  const patch = steps([timeout()]);
  expect(await sendChange(patch, { sleep: noWait })).toEqual({ kind: 'landed', value: 'created' });
  expect(patch.sends).toBe(2);
});
