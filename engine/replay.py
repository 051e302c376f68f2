"""``python -m engine.replay [FILE]``: check and score hand records (JSON Lines).

One JSON result per input line, in order.  Exit 0 when every line was read (illegal
actions are results); 2 when a line is not JSON or not a hand record (each such line is
named on stderr and skipped, the others are still replayed), or FILE cannot be read.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from engine.klaberjass.record import replay as replay_klaberjass
from engine.record import RecordError
from engine.schieber.record import replay as replay_schieber

USAGE = """usage: python -m engine.replay [FILE]

Check and score hand records: JSON Lines, one hand record per line, from FILE or
standard input (no FILE, or -).  Writes one JSON result per record, in order, to
standard output; a line that is not a hand record is named on standard error.
Exit status: 0 every line was read (an illegal action is a result, not a failure);
2 a line was not a hand record, or FILE cannot be read.  See docs/hand-record.md.
"""

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


# ``json.dumps(result, ensure_ascii=False)`` writes the contract's text, but its encoder
# spends about a thousand instructions a value, and a result holds hundreds: mostly the
# plays and their legal cards.  Those and the tricks are filled into templates instead
# (card codes, ints and the result's keys need no escaping; a play's legal cards include
# the card played and a trick is never empty, so no list is); every other value goes
# through the same encoder.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_PLAY = '{"seat": %d, "card": "%s", "legal": ["%s"]}'
_TRICK = '{"leader": %d, "cards": ["%s"], "winner": %d, "points": %d}'
_LITERALS = {True: "true", False: "false", None: "null"}


def _plays_json(plays: list[dict[str, Any]]) -> str:
    texts = [_PLAY % (p["seat"], p["card"], '", "'.join(p["legal"])) for p in plays]
    return "[" + ", ".join(texts) + "]"


def _tricks_json(tricks: list[dict[str, Any]]) -> str:
    texts = [
        _TRICK % (t["leader"], '", "'.join(t["cards"]), t["winner"], t["points"]) for t in tricks
    ]
    return "[" + ", ".join(texts) + "]"


_TEMPLATED = {"plays": _plays_json, "tricks": _tricks_json}


def _value_json(value: Any) -> str:
    if value is True or value is False or value is None:
        return _LITERALS[value]
    if type(value) is int:
        return str(value)
    return _encode(value)


def result_json(result: dict[str, Any]) -> str:
    """The same text as ``json.dumps(result, ensure_ascii=False)``, in about half the time."""
    items = [
        f'"{key}": {_TEMPLATED[key](value) if key in _TEMPLATED else _value_json(value)}'
        for key, value in result.items()
    ]
    return "{" + ", ".join(items) + "}"


class BadLine(Exception):
    """A line that is not a hand record; the message says why."""


def replay_line(line: str | bytes) -> dict[str, Any]:
    """One line's result; BadLine if it is not a hand record."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        return replay_record(json.loads(text))
    except UnicodeDecodeError:
        raise BadLine("not JSON: not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise BadLine(f"not JSON: {e}") from None
    except RecursionError:  # json.loads itself gives up on ~1000 nested brackets
        raise BadLine("not a hand record: nested too deeply") from None
    except RecordError as e:
        raise BadLine(f"not a hand record: {e}") from None
    except Exception as e:  # one odd record must not end the run for the others
        raise BadLine(f"cannot be replayed: {type(e).__name__}: {e}") from None


def run(lines: Iterable[str | bytes], out: TextIO) -> int:
    """Replay each line; a bad one is reported on stderr by its number and skipped."""
    status = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            result = replay_line(line)
        except BadLine as e:
            print(f"line {number}: {e}", file=sys.stderr)
            status = 2
            continue
        out.write(result_json(result) + "\n")
    return status


def _usage_error(message: str) -> int:
    print(f"python -m engine.replay: {message} (--help for usage)", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if any(a in ("-h", "--help") for a in args):
        print(USAGE, end="")
        return 0
    if len(args) > 1:
        return _usage_error("give one FILE at most")
    if not args or args[0] == "-":
        return run(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)
    path = args[0]
    try:
        with open(path, "rb") as f:
            if b"\0" in f.read(8192):
                return _usage_error(f"{path} is a binary file, not JSON Lines")
            f.seek(0)
            return run(f, sys.stdout)
    except FileNotFoundError:
        return _usage_error(f"there is no file {path}")
    except IsADirectoryError:
        return _usage_error(f"{path} is a directory; give a file of hand records")
    except OSError as e:
        return _usage_error(f"{path} cannot be read: {e.strerror or e}")


if __name__ == "__main__":
    sys.exit(main())
