import { linkedAbort } from '../../api/abort';

/**
 * Read-ahead between a producer and a slower consumer: the producer (pages arriving from the service) runs on
 * its own, at most `highWater` items ahead, while the consumer (the workbook writer) works through what has
 * arrived. Errors of the producer reach the consumer at its next read, in order after the items before them.
 * A consumer that stops early (break, throw) aborts the producer through the signal it was given.
 */

export interface ReadAheadOptions {
  /** Items held at most before the producer waits (default 32). */
  highWater?: number;
  /** Aborts the producer (linked to the one it receives). */
  signal?: AbortSignal;
}

type Settled<T> = { done: false; value: T } | { done: true; error?: unknown };

export function readAhead<T>(produce: (signal: AbortSignal) => AsyncIterable<T>, options: ReadAheadOptions = {}): AsyncIterable<T> {
  const highWater = Math.max(1, options.highWater ?? 32);
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const controller = linkedAbort(options.signal);

      const buffer: Settled<T>[] = [];
      let wakeConsumer: (() => void) | undefined;
      let wakeProducer: (() => void) | undefined;
      let finished = false;
      const notify = (): void => {
        wakeConsumer?.();
        wakeConsumer = undefined;
      };
      const pump = async (): Promise<void> => {
        try {
          for await (const item of produce(controller.signal)) {
            if (finished) return;
            buffer.push({ done: false, value: item });
            notify();
            while (!finished && buffer.length >= highWater) await new Promise<void>((resolve) => (wakeProducer = resolve));
            if (finished) return;
          }
          buffer.push({ done: true });
        } catch (error) {
          buffer.push({ done: true, error });
        } finally {
          notify();
        }
      };
      void pump();

      const close = (): void => {
        if (finished) return;
        finished = true;
        controller.dispose();
        controller.abort();
        wakeProducer?.();
      };

      return {
        async next(): Promise<IteratorResult<T>> {
          for (;;) {
            const head = buffer[0];
            if (head !== undefined) {
              if (head.done) {
                close();
                if (head.error !== undefined) throw head.error;
                return { done: true, value: undefined };
              }
              buffer.shift();
              wakeProducer?.();
              wakeProducer = undefined;
              return { done: false, value: head.value };
            }
            if (finished) return { done: true, value: undefined };
            await new Promise<void>((resolve) => (wakeConsumer = resolve));
          }
        },
        async return(): Promise<IteratorResult<T>> {
          close();
          buffer.length = 0;
          return { done: true, value: undefined };
        },
      };
    },
  };
}
