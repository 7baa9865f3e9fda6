#!/usr/bin/env python3
"""A program bot in Python: `mythos tournament --seats exec:"python3 examples/bots/first_choice.py",...`.

One JSON request per line on stdin, one JSON answer per line on stdout (docs/bots.md).
"""
import json
import sys


def answer(decision):
    if decision["type"] == "BID":
        return {"type": "BID", "bid": {"military": decision["minMilitary"], "tradeRowIndex": decision["tradeRowIndexes"][0]}}
    if decision["type"] == "REROLL":
        return {"type": "REROLL", "rollSelection": {"rerollType": "decline", "rerollRound": decision["rerollRound"]}}
    choice = next(c for c in decision["choices"] if c["affordable"])
    return {"type": "RESOLVE", "resolve": {"cardIDToGain": choice["cardID"]}}


for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"action": answer(request["decision"])}), flush=True)
