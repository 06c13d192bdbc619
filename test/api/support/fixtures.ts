/** Response bodies shaped as the spec's section 2 describes them. */

export function category(id: number, parent: number | null = null): Record<string, unknown> {
  return {
    id,
    parent,
    name: `Category ${id}`,
    slug: `category-${id}`,
    description: '',
    order: id,
    is_obsolete: false,
    is_category: true,
    is_aggregating: false,
    is_default: false,
  };
}

export function plan(id: number, type = 'REGULAR'): Record<string, unknown> {
  return {
    id,
    author: { id: 'u1', username: 'anna', full_name: 'Anna Muster' },
    date_created: '2024-01-01T00:00:00Z',
    date_updated: '2024-01-02T00:00:00Z',
    name: `Plan ${id}`,
    first_year: 2024,
    last_year: 2026,
    type,
    is_active: true,
    is_committed: false,
    update_status: 'READY',
    use_transactions: true,
    use_invoices: true,
    update_forecast: false,
    parent: null,
    comment_count: 0,
  };
}

export function account(id: number): Record<string, unknown> {
  return {
    id,
    bank: { open_banking_connection_id: null, name: 'Offline Bank', bic: '' },
    transaction_count: 1,
    last_transaction: {
      id: 9,
      account: { id, name: 'Main', alias: 'M' },
      value_date: '2024-03-01',
      amount: -12.5,
      purpose: 'Rent',
      counterpart_name: 'Landlord',
    },
    currency: 'EUR',
    date_created: '2024-01-01T00:00:00Z',
    date_updated: '2024-01-01T00:00:00Z',
    name: 'Main',
    alias: 'M',
    iban: 'DE00123',
    type_name: '',
    balance: 1000.25,
    overdraft_limit: null,
    status: 'OFFLINE',
    last_successful_update: null,
    last_update_attempt: null,
    banking_api_account: null,
  };
}

export function bank(id: number): Record<string, unknown> {
  return {
    id,
    accounts: [account(id * 10)],
    date_created: '2024-01-01T00:00:00Z',
    date_updated: '2024-01-01T00:00:00Z',
    open_banking_connection_id: null,
    name: `Bank ${id}`,
    bic: 'BICXXX',
    tenant: 1,
  };
}

export function balanceSummary(): Record<string, unknown> {
  return {
    total: 1000.25,
    available_limit: 0,
    current_month_balance: 10,
    next_month_balance: null,
    in_3_months_balance: null,
    fiscal_year_ending_balance: null,
    current_month_limit: null,
    next_month_limit: null,
    in_3_months_limit: null,
    fiscal_year_ending_limit: null,
    accounts: [account(1)],
  };
}

export function invoice(id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    transactions: [],
    paid_amount: 0,
    amount_due: 100,
    date_created: '2024-01-01T00:00:00Z',
    date_updated: '2024-01-01T00:00:00Z',
    name: 'Customer',
    notes: '',
    amount: 100,
    type: 'RE',
    reference: `RE-${id}`,
    date: '2024-01-01',
    due_date: '2024-02-01',
    expected_date: '2024-02-01',
    source: 'direct_api',
    source_id: `src-${id}`,
    status: 'PL',
    status_label: 'Expected',
    is_archived: false,
    category: null,
    comment_count: 0,
    ...overrides,
  };
}

export function transaction(id: number, reportingAmount = 1, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    account: { id: 1, name: 'Main', alias: 'M' },
    category: { id: 5, name: 'Uncategorized', description: '' },
    predicted_category: null,
    invoice: null,
    parent: null,
    value_date: '2024-03-01',
    value_time: null,
    bank_booking_date: null,
    amount: reportingAmount,
    reporting_amount: reportingAmount,
    purpose: 'p',
    counterpart_name: 'c',
    counterpart_iban: '',
    is_adjusting_entry: false,
    is_payment: false,
    is_leaf_node: true,
    tags: null,
    comment_count: 0,
    ...overrides,
  };
}

export function budget(id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    category: { id: 7, name: 'Rent', description: '' },
    inter_category: null,
    inter_category_name: null,
    depending_categories: [],
    base_categories: [],
    recurring_budget: null,
    settlement_date: '2024-05-01',
    start_date: null,
    end_date: null,
    account: null,
    tags: [],
    integration_tags: null,
    is_adjusted: false,
    inter_budget: null,
    name: 'Rent',
    description: '',
    amount: -1200,
    rate: 0,
    base: 'FS',
    time_lags: [],
    frequency: '',
    frequency_multiplier: 1,
    sequence_type: '',
    sequence_term_size: 1,
    d: 0,
    r: 1,
    is_indefinite: false,
    external_id: `ext-${id}`,
    external_source: 'excel',
    inter_company: null,
    source: null,
    ...overrides,
  };
}

/** A paginated body as the service sends it; `next` names another host on purpose. */
export function pageBody(
  path: string,
  page: number,
  pageSize: number,
  count: number,
  results: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const last = Math.max(1, Math.ceil(count / pageSize));
  const link = (p: number) => `http://api.example.test${path}?page=${p}&page_size=${pageSize}`;
  return {
    count,
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    ...extra,
    results,
  };
}
