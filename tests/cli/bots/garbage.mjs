// A program bot that answers its first request with something that is not JSON.
process.stdout.on('error', () => process.exit(0)); // the tournament stopped listening
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  void line;
  process.stdout.write('I bid everything!\n');
}
