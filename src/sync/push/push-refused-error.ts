/** Refusals of the whole table, by a push or its undo: nothing was sent. */
export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
  constructor(
    message: string,
    readonly reason: 'readOnly' | 'noBaseline' | 'committed' | 'noPlan',
  ) {
    super(message);
  }
}
