import * as contracts from './index';
import {
  BILLING_BALANCE_PATTERN,
  BILLING_INVOICE_PDF_PATTERN,
  CATALOGUE_LISTINGS_IMPORT_PATTERN,
  DECISIONS_BATCH_CREATE_PATTERN,
  DECISIONS_CREATE_PATTERN,
  LEADS_VISITOR_SEND_PATTERN,
  RPC_DEADLINES_MS,
  SLOW_RPC_PATTERNS,
  rpcDeadlineMs,
} from './index';

/** Every exported pattern constant (`rpc.<service>.…`), as the services register them. */
const patternConstants = Object.entries(contracts).filter(
  (entry): entry is [string, string] =>
    entry[0].endsWith('_PATTERN') && typeof entry[1] === 'string' && entry[1].startsWith('rpc.'),
);

describe('RPC deadlines', () => {
  it('should list only contract pattern constants when the table of slow patterns is read', () => {
    const known = new Set(patternConstants.map(([, pattern]) => pattern));
    expect(Object.keys(SLOW_RPC_PATTERNS).filter((pattern) => !known.has(pattern))).toEqual([]);
  });

  it("should give each pattern its class's deadline when no override is set", () => {
    expect(rpcDeadlineMs(BILLING_BALANCE_PATTERN)).toBe(RPC_DEADLINES_MS.standard);
    expect(rpcDeadlineMs(DECISIONS_CREATE_PATTERN)).toBe(RPC_DEADLINES_MS.standard);
    expect(rpcDeadlineMs(BILLING_INVOICE_PDF_PATTERN)).toBe(RPC_DEADLINES_MS.invoicePdf);
    expect(rpcDeadlineMs(CATALOGUE_LISTINGS_IMPORT_PATTERN)).toBe(RPC_DEADLINES_MS.listingImport);
    expect(rpcDeadlineMs(DECISIONS_BATCH_CREATE_PATTERN)).toBe(RPC_DEADLINES_MS.decisionBatch);
    expect(rpcDeadlineMs(LEADS_VISITOR_SEND_PATTERN)).toBe(RPC_DEADLINES_MS.ai);
  });

  it('should replace only the standard deadline when RPC_TIMEOUT_MS is set', () => {
    expect(rpcDeadlineMs(BILLING_BALANCE_PATTERN, 700)).toBe(700);
    expect(rpcDeadlineMs(DECISIONS_CREATE_PATTERN, 9000)).toBe(9000);
    expect(rpcDeadlineMs(BILLING_INVOICE_PDF_PATTERN, 700)).toBe(RPC_DEADLINES_MS.invoicePdf);
    expect(rpcDeadlineMs(LEADS_VISITOR_SEND_PATTERN, 700)).toBe(RPC_DEADLINES_MS.ai);
  });

  it('should give a pattern missing from the table the standard deadline when it is asked for', () => {
    expect(rpcDeadlineMs('rpc.test.echo.v1')).toBe(RPC_DEADLINES_MS.standard);
    expect(rpcDeadlineMs('rpc.test.echo.v1', 300)).toBe(300);
  });

  it('should keep every slow class longer than the standard one when the classes are read', () => {
    const { standard, ...slow } = RPC_DEADLINES_MS;
    for (const deadline of Object.values(slow)) expect(deadline).toBeGreaterThan(standard);
  });
});
