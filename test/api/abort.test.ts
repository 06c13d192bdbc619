import { isAbort, linkedAbort, raceAbort, throwIfAborted } from '../../src/api/abort';

describe('abort helpers', () => {
  it('throwIfAborted throws the reason, or an AbortError when there is none', () => {
    expect(() => throwIfAborted(undefined)).not.toThrow();
    const controller = new AbortController();
    expect(() => throwIfAborted(controller.signal)).not.toThrow();
    const reason = new Error('stop');
    controller.abort(reason);
    expect(() => throwIfAborted(controller.signal)).toThrow(reason);
    const plain = new AbortController();
    plain.abort();
    expect(() => throwIfAborted(plain.signal)).toThrow(expect.objectContaining({ name: 'AbortError' }) as Error);
  });

  it('raceAbort rejects at once when the signal fires while the work is pending, and detaches after', async () => {
    const controller = new AbortController();
    const never = new Promise<number>(() => undefined);
    const raced = raceAbort(() => never, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(raced).rejects.toThrow('cancelled');

    const started = jest.fn(() => Promise.resolve(1));
    await expect(raceAbort(started, controller.signal)).rejects.toThrow('cancelled');
    expect(started).not.toHaveBeenCalled();

    const calm = new AbortController();
    const removed = jest.spyOn(calm.signal, 'removeEventListener');
    await expect(raceAbort(() => Promise.resolve(7), calm.signal)).resolves.toBe(7);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    await expect(raceAbort(() => Promise.resolve(8), undefined)).resolves.toBe(8);
  });

  it('linkedAbort follows the outer signal with its reason until disposed', () => {
    const outer = new AbortController();
    const linked = linkedAbort(outer.signal);
    outer.abort('gone');
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe('gone');

    const outer2 = new AbortController();
    const detached = linkedAbort(outer2.signal);
    detached.dispose();
    outer2.abort();
    expect(detached.signal.aborted).toBe(false);
  });

  it('isAbort recognises an aborted signal or an AbortError', () => {
    const done = new AbortController();
    done.abort();
    expect(isAbort(new Error('x'), done.signal)).toBe(true);
    expect(isAbort(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbort(new Error('x'))).toBe(false);
  });
});
