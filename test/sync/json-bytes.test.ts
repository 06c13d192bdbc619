import { numberJsonBytes, stringJsonBytes } from '../../src/sync/json-bytes';

/** A small seeded generator, so a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('numberJsonBytes counts what JSON.stringify writes', () => {
  test('edge values', () => {
    const values = [
      0,
      -0,
      1,
      9,
      10,
      99,
      100,
      1e5 - 1,
      1e5,
      1e10 - 1,
      1e10,
      1e13 - 1,
      1e13,
      1e13 + 0.5,
      1e15 - 1,
      1e15,
      1e21,
      1e22,
      0.1,
      0.01,
      0.07,
      0.005,
      1.005,
      -48.62,
      -0.5,
      45296.5,
      1234567890123.45,
      9999999999999.99,
      0.1 + 0.2,
      5e-324,
      1e-7,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      NaN,
      Infinity,
      -Infinity,
    ];
    for (const v of values) expect([v, numberJsonBytes(v)]).toEqual([v, JSON.stringify(v).length]);
  });

  test('amounts in cents, integers and arbitrary doubles', () => {
    const random = seeded(19);
    for (let i = 0; i < 200_000; i += 1) {
      const scale = 10 ** Math.floor(random() * 16);
      const cents = Math.round((random() - 0.5) * scale * 100) / 100;
      const whole = Math.floor(random() * scale);
      const any = (random() - 0.5) * scale;
      for (const v of [cents, whole, any, cents / 10])
        if (numberJsonBytes(v) !== JSON.stringify(v).length) expect([v, numberJsonBytes(v)]).toEqual([v, JSON.stringify(v).length]);
    }
  });
});

describe('stringJsonBytes counts UTF-8 bytes of the JSON text', () => {
  test.each([
    '',
    'plain',
    'quote " and \\ backslash',
    'line\nbreak\ttab\u0001',
    'Geschäftskonto',
    '€ 12',
    '😀',
    'lone \ud800 surrogate',
    '=HYPERLINK("x")',
  ])('%j', (text) => {
    expect(stringJsonBytes(text)).toBe(new TextEncoder().encode(JSON.stringify(text)).length);
  });
});
