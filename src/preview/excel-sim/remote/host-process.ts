/**
 * The remote Excel's host process (Node): started by node-remote-excel.ts with `child_process.fork`, it owns one
 * simulated workbook (options in REMOTE_EXCEL_OPTIONS, JSON) and answers the client's requests over the IPC channel
 * (JSON, one message per request and per answer). It ends when the channel closes.
 */

import { createSimulatedWorkbook } from '../simulated-workbook';
import type { HostEnvelope, HostReply } from './protocol';
import { RemoteHost, wireError } from './remote-host';

const host = new RemoteHost(createSimulatedWorkbook(JSON.parse(process.env.REMOTE_EXCEL_OPTIONS ?? '{}') as object));

process.on('message', (message: HostEnvelope) => {
  host.handle(message.request).then(
    (value) => reply({ seq: message.seq, ok: true, value }),
    (error: unknown) => reply({ seq: message.seq, ok: false, error: wireError(error) }),
  );
});
process.on('disconnect', () => process.exit(0));

function reply(answer: HostReply): void {
  process.send?.(answer);
}
