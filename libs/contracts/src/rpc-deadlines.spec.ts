import { BillingRpc } from './billing.contract';
import { DecisionsRpc } from './decisions.contract';
import { ListingsRpc } from './catalogue.contract';
import { VisitorSessionsRpc } from './conversations-requests.contract';
import * as contracts from './index';
import { RPC_DEADLINES_MS, SLOW_RPC_PATTERNS, rpcDeadlineMs } from './index';

/** Every pattern of every exported descriptor group (`LeadsRpc`, …), as the services register them. */
const patterns = Object.values(contracts)
  .filter((value): value is Record<string, { pattern: string }> => typeof value === 'object' && value !== null)
  .flatMap((group) => Object.values(group))
  .filter((entry) => typeof entry?.pattern === 'string' && entry.pattern.startsWith('rpc.'))
  .map((descriptor) => descriptor.pattern);

describe('RPC deadlines', () => {
  it('should list only patterns of contract descriptors when the table of slow patterns is read', () => {
    const known = new Set(patterns);
    expect(known.size).toBeGreaterThan(100);
    expect(Object.keys(SLOW_RPC_PATTERNS).filter((pattern) => !known.has(pattern))).toEqual([]);
  });

  it("should give each pattern its class's deadline when no override is set", () => {
    expect(rpcDeadlineMs(BillingRpc.balance.pattern)).toBe(RPC_DEADLINES_MS.standard);
    expect(rpcDeadlineMs(DecisionsRpc.create.pattern)).toBe(RPC_DEADLINES_MS.standard);
    expect(rpcDeadlineMs(BillingRpc.invoicePdf.pattern)).toBe(RPC_DEADLINES_MS.invoicePdf);
    expect(rpcDeadlineMs(ListingsRpc.importBatch.pattern)).toBe(RPC_DEADLINES_MS.listingImport);
    expect(rpcDeadlineMs(DecisionsRpc.createBatch.pattern)).toBe(RPC_DEADLINES_MS.decisionBatch);
    expect(rpcDeadlineMs(VisitorSessionsRpc.send.pattern)).toBe(RPC_DEADLINES_MS.ai);
  });

  it('should replace only the standard deadline when RPC_TIMEOUT_MS is set', () => {
    expect(rpcDeadlineMs(BillingRpc.balance.pattern, 700)).toBe(700);
    expect(rpcDeadlineMs(DecisionsRpc.create.pattern, 9000)).toBe(9000);
    expect(rpcDeadlineMs(BillingRpc.invoicePdf.pattern, 700)).toBe(RPC_DEADLINES_MS.invoicePdf);
    expect(rpcDeadlineMs(VisitorSessionsRpc.send.pattern, 700)).toBe(RPC_DEADLINES_MS.ai);
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
