/**
 * The invoice arguments of DUE and INVOICES.
 *
 * - `type`: the spec's invoice types `RE` (receivable) and `PA` (payable), the list filter's words `receivable` and
 *   `payable`, and friendly words in the three languages: `receivables`/`payables`, `Forderung(en)`/
 *   `Verbindlichkeit(en)`, `credito`/`crediti`/`debito`/`debiti`; case does not matter.
 * - `status`: a status code of the spec (`OD`, `PL`, …) or its English label (`Overdue`, `Partially Paid`, …); case
 *   does not matter; left out, every status.
 */

import { z } from 'zod';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../api';
import type { Language } from '../../i18n/catalog';
import { type ArgumentValue, blank, check, type Checked, fail } from './argument-check';

/** An invoice type as the list filter `type` names it. */
export type InvoiceKind = 'receivable' | 'payable';

const TYPE_WORDS: Readonly<Record<string, InvoiceKind>> = {
  re: 'receivable',
  receivable: 'receivable',
  receivables: 'receivable',
  forderung: 'receivable',
  forderungen: 'receivable',
  credito: 'receivable',
  crediti: 'receivable',
  pa: 'payable',
  payable: 'payable',
  payables: 'payable',
  verbindlichkeit: 'payable',
  verbindlichkeiten: 'payable',
  debito: 'payable',
  debiti: 'payable',
};

/** The spec's labels of the status codes. */
const STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  OD: 'Overdue',
  PL: 'Expected',
  OR: 'Lead/Order',
  PD: 'Paid',
  PP: 'Partially Paid',
  IN: 'Installments',
  HD: 'On Hold',
  PR: 'Promised',
  DP: 'In Dispute',
  CA: 'Cancelled',
  IP: 'In Progress',
};

/** The invoice's `type` field (`RE`, `PA`) of a kind. */
export const TYPE_CODE: Readonly<Record<InvoiceKind, string>> = { receivable: 'RE', payable: 'PA' };

const typeSchema = (required: boolean) =>
  z.unknown().transform((value, ctx): InvoiceKind | undefined => {
    if (blank(value)) return required ? fail(ctx, 'functions.error.required') : undefined;
    const kind = typeof value === 'string' ? TYPE_WORDS[value.trim().toLowerCase()] : undefined;
    return kind ?? fail(ctx, 'functions.error.invoiceType', { allowed: 'RE, PA, receivable, payable' });
  });

const statusSchema = z.unknown().transform((value, ctx): InvoiceStatus | undefined => {
  if (blank(value)) return undefined;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  const status = INVOICE_STATUSES.find((code) => code.toLowerCase() === text || STATUS_LABELS[code].toLowerCase() === text);
  return status ?? fail(ctx, 'functions.error.invoiceStatus', { allowed: INVOICE_STATUSES.join(', ') });
});

/** A required invoice type. */
export function parseInvoiceType(value: ArgumentValue, language: Language, argument = 'type'): Checked<InvoiceKind> {
  return check(typeSchema(true).pipe(z.enum(['receivable', 'payable'])), value, argument, language);
}

/** An optional invoice type (left out: both). */
export function parseOptionalInvoiceType(value: ArgumentValue, language: Language, argument = 'type'): Checked<InvoiceKind | undefined> {
  return check(typeSchema(false), value, argument, language);
}

/** An optional invoice status (left out: every status). */
export function parseInvoiceStatus(value: ArgumentValue, language: Language, argument = 'status'): Checked<InvoiceStatus | undefined> {
  return check(statusSchema, value, argument, language);
}
