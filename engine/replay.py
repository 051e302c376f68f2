"""``python -m engine.replay [FILE]``: check and score hand records (JSON Lines).

One JSON result per input line, in order.  Exit 0 when every line was read (illegal
actions are results); 2 for a line that is not JSON or not a hand record.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from engine.klaberjass.record import replay as replay_klaberjass
from engine.record import RecordError
from engine.schieber.record import replay as replay_schieber

REPLAYERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "schieber": replay_schieber,
    "klaberjass": replay_klaberjass,
}


def replay_record(record: Any) -> dict[str, Any]:
    """Score one hand record; RecordError if it is not one."""
    if not isinstance(record, dict):
        raise RecordError("a hand record is a JSON object")
    game = record.get("game")
    if game not in REPLAYERS:
        raise RecordError(f"unknown game {game!r}; expected one of {', '.join(REPLAYERS)}")
    return REPLAYERS[game](record)


def run(lines: Iterable[str], out: TextIO) -> int:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            result = replay_record(json.loads(line))
        except json.JSONDecodeError as e:
            print(f"line {number}: not JSON: {e}", file=sys.stderr)
            return 2
        except RecordError as e:
            print(f"line {number}: not a hand record: {e}", file=sys.stderr)
            return 2
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] not in ("-",):
        with open(args[0], encoding="utf-8") as f:
            return run(f, sys.stdout)
    return run(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
