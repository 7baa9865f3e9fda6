// A program bot that answers every decision with a well-formed bid on a slot that does not exist.
process.stdout.on('error', () => process.exit(0)); // the tournament stopped listening
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  void line;
  process.stdout.write(`${JSON.stringify({ action: { type: 'BID', bid: { military: 0, tradeRowIndex: 99 } } })}\n`);
}
