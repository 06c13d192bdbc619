/**
 * The least an add-in pays to put the transactions in a sheet (issue #30's CPU question): the raw floor's fetch +
 * JSON.parse of the same 1000-row pages (4 in flight), then each record's 23 fields as one row of cells, written
 * through the same Excel as our pull (the remote Excel's channel, serialized once as Office.js serializes its
 * requests) in blocks of 15,000 rows (~3.1 MB, under the 5 MB cap), in page order. Nothing else: no check of the
 * answers, no category paths or currency formats, no baseline, no verification, no table. Written the plain way, as
 * a careful script would, so what it costs above the floor is what writing the rows costs any add-in.
 *
 * Runs against whatever `Excel` the caller installed (bench/pull.ts: the remote Excel, in the benchmark's child).
 */

/** Rows per write: ~210 bytes a row of this add-in's cells, so ~3.1 MB a block (the 5 MB cap with room). */
const BLOCK_ROWS = 15_000;
const PAGE_SIZE = 1000;
const IN_FLIGHT = 4;
const COLUMNS = 23;

type Cell = string | number | boolean;

/** The fields the bare add-in reads; the answer is not checked (the product's client checks every page). */
interface BareTransaction {
  id: number;
  value_date: string;
  bank_booking_date: string | null;
  amount: string | number;
  reporting_amount: string | number | null;
  account: { id: number; name: string; alias: string | null };
  category: { id: number; name: string };
  predicted_category: { id: number; name: string } | null;
  purpose: string | null;
  counterpart_name: string | null;
  counterpart_iban: string | null;
  invoice: { id: number; reference: string | null } | null;
  tags: string[] | null;
  is_payment: boolean;
  is_adjusting_entry: boolean;
  parent: { id: number } | null;
  value_time: string | null;
  comment_count?: number | null;
}

const DAY_MS = 86_400_000;
/** Excel's serial of 1970-01-01 (1900 date system). */
const EPOCH_SERIAL = 25_569;

function serial(date: string | null): Cell {
  if (date === null) return '';
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS + EPOCH_SERIAL;
}

function bareRow(t: BareTransaction): Cell[] {
  return [
    t.id,
    serial(t.value_date),
    serial(t.bank_booking_date),
    Number(t.amount),
    t.reporting_amount === null ? '' : Number(t.reporting_amount),
    t.account.id,
    t.account.name,
    t.account.alias ?? '',
    t.category.id,
    t.category.name,
    t.predicted_category?.id ?? '',
    t.predicted_category?.name ?? '',
    t.purpose ?? '',
    t.counterpart_name ?? '',
    t.counterpart_iban ?? '',
    t.invoice?.id ?? '',
    t.invoice?.reference ?? '',
    (t.tags ?? []).join(', '),
    t.is_payment,
    t.is_adjusting_entry,
    t.parent?.id ?? '',
    t.value_time ?? '',
    t.comment_count ?? '',
  ];
}

async function accessToken(url: string, clientId: string, clientSecret: string): Promise<string> {
  const answer = await fetch(`${url}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The pages, fetched 4 at a time and handed over in page order. */
async function* pagesInOrder(url: string, token: string, total: number): AsyncGenerator<BareTransaction[]> {
  const pages = Math.ceil(total / PAGE_SIZE);
  const fetchPage = async (page: number): Promise<BareTransaction[]> => {
    const answer = await fetch(`${url}/transactions/extended/?page=${page}&page_size=${PAGE_SIZE}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (JSON.parse(await answer.text()) as { results: BareTransaction[] }).results;
  };
  const inFlight: Promise<BareTransaction[]>[] = [];
  let next = 1;
  while (next <= pages || inFlight.length > 0) {
    while (next <= pages && inFlight.length < IN_FLIGHT) inFlight.push(fetchPage(next++));
    const page = inFlight.shift();
    if (page !== undefined) yield await page;
  }
}

/** Pulls `total` transactions into the active sheet from row 2 on; gives the rows written. */
export async function barePull(url: string, clientId: string, clientSecret: string, total: number): Promise<number> {
  const token = await accessToken(url, clientId, clientSecret);
  let written = 0;
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    let block: Cell[][] = [];
    const write = async (): Promise<void> => {
      sheet.getRangeByIndexes(1 + written, 0, block.length, COLUMNS).values = block;
      written += block.length;
      block = [];
      await context.sync();
    };
    for await (const page of pagesInOrder(url, token, total)) {
      for (const record of page) block.push(bareRow(record));
      if (block.length >= BLOCK_ROWS) await write();
    }
    if (block.length > 0) await write();
  });
  return written;
}
