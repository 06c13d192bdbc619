import { z } from 'zod';
import { AccountSchema } from './account-schema';
import { pageEnvelope } from './page-schema';

export const BankSchema = z.object({
  id: z.number().int(),
  accounts: z.array(AccountSchema),
  date_created: z.string(),
  date_updated: z.string(),
  open_banking_connection_id: z.number().int().nullable(),
  name: z.string(),
  bic: z.string(),
  tenant: z.number().int(),
});
export type Bank = z.infer<typeof BankSchema>;

export const BankPageSchema = z.object({ ...pageEnvelope, results: z.array(BankSchema) });
export type BankPage = z.infer<typeof BankPageSchema>;
