import { z } from 'zod';

/** `count`, `next`, `previous` of every paginated answer. */
export const pageEnvelope = {
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
};
