import type { z } from 'zod';
import type { RequestOptions } from './request-options';
import type { Transport } from './transport';

/** A list that comes in one answer, a plain JSON array (`GET /categories/`, `GET /plans/`: not paginated). */
export class PlainList<T> {
  readonly #transport: Transport;
  readonly #path: string;
  readonly #schema: z.ZodType<T[]>;

  constructor(transport: Transport, path: string, schema: z.ZodType<T[]>) {
    this.#transport = transport;
    this.#path = path;
    this.#schema = schema;
  }

  async list(options: RequestOptions = {}): Promise<T[]> {
    return this.#transport.request({ method: 'GET', path: this.#path, signal: options.signal }, this.#schema);
  }
}
