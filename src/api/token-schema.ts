import { z } from 'zod';

/** Answer of `POST /auth/token/`. The refresh token is never used (a new token is requested instead). */
export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  refresh_expires_in: z.number().int().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
