#!/usr/bin/env node
// A program bot for `mythos tournament --seats exec:"node examples/bots/first-choice.mjs",...`
// (docs/bots.md). It reads one JSON request per line on stdin and answers each with one JSON
// line on stdout: the first legal choice of the decision it is sent. Plain Node, no imports from
// Mythos: any language that reads and writes lines of JSON can do the same.
import { createInterface } from 'node:readline';

function answer({ decision }) {
  switch (decision.type) {
    case 'BID':
      return { type: 'BID', bid: { military: decision.minMilitary, tradeRowIndex: decision.tradeRowIndexes[0] } };
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE':
      return { type: 'RESOLVE', resolve: { cardIDToGain: decision.choices.find((c) => c.affordable).cardID } };
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  process.stdout.write(`${JSON.stringify({ action: answer(request) })}\n`);
}
