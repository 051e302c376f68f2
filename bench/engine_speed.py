"""Engine speed on one core: ``python bench/engine_speed.py [--quick]``.

Prints one ``name value`` line per figure.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Deal
from engine.klaberjass.playout import bench_random_hands as klaberjass_hands
from engine.replay import run
from engine.schieber.match import SchieberMatch
from engine.schieber.playout import bench_random_hands
from engine.schieber.record import hand_to_record


def random_records(n: int, seed: int = 1) -> list[str]:
    """Complete Schieber hands played with random legal actions, as JSON lines."""
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        match, _ = SchieberMatch.new().apply(Deal(rng.randrange(1 << 32)))
        while match.to_move is not None:
            match, _ = match.apply(rng.choice(match.legal_actions()))
        lines.append(json.dumps(hand_to_record(match.hand)))
    return lines


def replay_records_per_s(seconds: float) -> float:
    lines = random_records(200)

    def one_round() -> float:
        start = time.process_time()
        run(lines, io.StringIO())
        return len(lines) / (time.process_time() - start)

    return best_of(one_round, seconds)


def best_of(one_round: Callable[[], float], seconds: float) -> float:
    """The best rate over rounds filling ``seconds``: this machine's neighbours are noisy,
    and timeit's "best of" convention reports what the code itself costs."""
    best, start = 0.0, time.process_time()
    while time.process_time() - start < seconds:
        best = max(best, one_round())
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short runs (under 30 s)")
    seconds = 3.0 if parser.parse_args().quick else 15.0
    hands = best_of(lambda: bench_random_hands(0.5), seconds)
    print(f"schieber_random_hands_per_s {hands:.0f}")
    print(f"schieber_replay_records_per_s {replay_records_per_s(seconds):.0f}")
    hands = best_of(lambda: klaberjass_hands(0.5), seconds)
    print(f"klaberjass_random_hands_per_s {hands:.0f}")


if __name__ == "__main__":
    main()
