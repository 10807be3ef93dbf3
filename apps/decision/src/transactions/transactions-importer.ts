import { openTransactionsFile } from './transaction-csv';
import type { TransactionPlacer } from './transaction-placement';
import { emptySkipCounts, SKIP_REASONS } from './transaction.types';
import type { SkipReason, TransactionFormat, TransactionRow } from './transaction.types';
import type { TransactionsRepository } from './transactions.repository';

const BATCH = 2000;

/** What one file gave: every row read is imported or counted under one skip reason. */
export interface ImportReport {
  file: string;
  format: TransactionFormat;
  read: number;
  imported: number;
  /** Imported rows whose district is not in the gazetteer: they count for their city's benchmark only. */
  cityOnly: number;
  skipped: Record<SkipReason, number>;
}

/** Streams one file into the transactions table in batches; a re-import adds nothing (all `duplicate`). */
export async function importTransactionsFile(
  file: string,
  placer: TransactionPlacer,
  repository: Pick<TransactionsRepository, 'insert'>,
): Promise<ImportReport> {
  const { format, outcomes } = await openTransactionsFile(file);
  const report: ImportReport = { file, format, read: 0, imported: 0, cityOnly: 0, skipped: emptySkipCounts() };
  let batch: TransactionRow[] = [];
  const flush = async () => {
    const inserted = new Set(await repository.insert(batch));
    report.imported += inserted.size;
    report.skipped.duplicate += batch.length - inserted.size;
    report.cityOnly += batch.filter((row) => row.districtId === null && inserted.has(row.recordHash)).length;
    batch = [];
  };
  for await (const outcome of outcomes) {
    report.read++;
    if (!outcome.ok) {
      report.skipped[outcome.reason]++;
      continue;
    }
    const { place, ...transaction } = outcome.transaction;
    const placement = placer.place(place);
    if (!placement) {
      report.skipped.unknown_place++;
      continue;
    }
    batch.push({ ...transaction, ...placement });
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return report;
}

/** The lines the import tool prints for one file. */
export function describeReport(report: ImportReport): string {
  const skipped = SKIP_REASONS.filter((reason) => report.skipped[reason] > 0)
    .map((reason) => `${reason} ${report.skipped[reason]}`)
    .join(', ');
  const total = SKIP_REASONS.reduce((sum, reason) => sum + report.skipped[reason], 0);
  return [
    `${report.file}`,
    `  format ${report.format}; rows read ${report.read}; imported ${report.imported}` +
      (report.cityOnly > 0 ? ` (${report.cityOnly} on the city only: no district, or one not in the gazetteer)` : ''),
    `  skipped ${total}${skipped ? `: ${skipped}` : ''}`,
  ].join('\n');
}
