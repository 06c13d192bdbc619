/** The existing table or sheet does not have the shape the write needs; nothing was changed. Thrown by every host. */
export class TableLayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableLayoutError';
  }
}
