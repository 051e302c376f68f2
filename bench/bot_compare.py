"""The bots' decisions of two versions, move for move: ``python bench/bot_compare.py COMMIT``.

Every bot level plays whole hands of both games (every seat a bot, deals and bot seeds
fixed); the hard bot searches a fixed number of sampled deals (``--samples``), so it
reads no clock and a version that plays by the same rules decides exactly alike.  Runs
in a checkout of ``COMMIT`` and in this work tree and compares every decision.

Prints ``name value`` lines: the decisions per game, the hard bot's sampled deals per
second of processor time in each version, and ``identical 1`` (else 0, exit status 1).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def play(game: str, hands: int, samples: int) -> dict[str, Any]:
    """Run in the version under test (its ``engine`` first on the path)."""
    from engine.actions import Deal
    from engine.bots import BOTS
    from engine.klaberjass.match import KlaberjassMatch
    from engine.schieber.match import SchieberMatch

    new = SchieberMatch.new if game == "schieber" else KlaberjassMatch.new
    searched: list[int] = []
    bots = {
        "easy": BOTS["easy"](),
        "medium": BOTS["medium"](),
        "hard": BOTS["hard"](samples=samples, on_search=lambda r: searched.append(r.samples)),
    }
    decisions, seconds = [], 0.0
    for deal in range(hands):
        for level, bot in bots.items():
            match, _ = new().apply(Deal(deal))
            step = 0
            while match.to_move is not None:
                seat, legal = match.to_move, match.legal_actions()
                rng = random.Random(deal * 10_000 + step)
                start = time.process_time()
                action = bot.choose(match.observation(seat), legal, rng)
                if level == "hard":
                    seconds += time.process_time() - start
                decisions.append(f"{level}:{action!r}")
                match, _ = match.apply(action)
                step += 1
    return {"decisions": decisions, "samples": sum(searched), "seconds": seconds}


def run(root: Path, game: str, hands: int, samples: int) -> dict[str, Any]:
    code = (
        f"import json, sys; sys.path.insert(0, {str(root)!r}); "
        f"sys.path.insert(1, {str(ROOT / 'bench')!r}); import bot_compare; "
        f"print(json.dumps(bot_compare.play({game!r}, {hands}, {samples})))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("commit", help="the version to compare with, e.g. 30a819b")
    parser.add_argument("--hands", type=int, default=6, help="deals per game and level")
    parser.add_argument("--samples", type=int, default=24, help="hard bot's deals a decision")
    args = parser.parse_args()
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.commit, "engine"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        for game in ("schieber", "klaberjass"):
            old = run(Path(tmp), game, args.hands, args.samples)
            new = run(ROOT, game, args.hands, args.samples)
            print(f"{game}_decisions {len(new['decisions'])}")
            print(f"{game}_hard_samples {new['samples']}")
            for name, r in (("before", old), ("after", new)):
                print(f"{game}_hard_samples_per_s_{name} {r['samples'] / r['seconds']:.0f}")
            differ = [
                i for i, (a, b) in enumerate(zip(old["decisions"], new["decisions"], strict=False))
                if a != b
            ]  # fmt: skip
            if differ or len(old["decisions"]) != len(new["decisions"]):
                same = False
                at = differ[0] if differ else min(len(old["decisions"]), len(new["decisions"]))
                print(f"{game}: first difference at decision {at}", file=sys.stderr)
    print(f"identical {int(same)}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
