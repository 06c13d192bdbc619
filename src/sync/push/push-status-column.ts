/**
 * The column a push writes each row's outcome into, added at the table's right by the first push, by either workbook
 * host (matched by header, case-insensitively). Not a model column: pulls keep it as a user column.
 */

export const STATUS_HEADER = 'Push status';
