export { createOfflineAccount, type CreateOfflineAccount, type OfflineAccountOutcome } from './create-offline-account';
export { ibanProblem, normalizeIban, printIban, type IbanProblem } from './iban';
export { isIsoCurrency } from './iso-currency';
export {
  emptyOfflineAccountForm,
  OFFLINE_ACCOUNT_FIELDS,
  offlineAccountSchema,
  parseOfflineAccountForm,
  type FieldProblem,
  type OfflineAccountField,
  type OfflineAccountForm,
  type OfflineAccountParse,
} from './offline-account-form';
