/** A part of the package that is XML but not what its relationship says it is (a task panes part that is not one). */
export class UnreadablePartError extends Error {
  override readonly name = 'UnreadablePartError';
}
