"""Bot strength by duplicate play: ``python bench/ai_strength.py [--quick]``.

Each deal is played twice with the two sides swapped (Schieber: the teams' seats;
Klaberjass: the two seats), so the cards' luck cancels.  A pair's share is one side's
points over both plays divided by all points of both plays; the figure is the mean share
over the pairs with a 95% confidence interval (normal approximation), and n, the pairs
counted (a Klaberjass deal both players passed out twice in both plays has no share).

The full run (default budgets: hard thinks 1 s a decision) takes about 35 minutes on two
cores, ``--quick`` (hard at 0.05 s, fewer deals) well under two minutes.

Prints one ``name value`` line per figure.  Hard's move times are CPU seconds of the
worker process (``time.process_time``), which is also the clock its budget runs on
here: this machine is shared, and wall time would measure the neighbours too.  Moves
with a single legal action are not timed (no bot thinks about those).

``{game}_hard_move_wall_ms_p95`` is a move as a player feels it: wall time from the
moment the service asks for a bot's move (the scheduler's turn) to the moment the
action is applied, through the tables' worker pool (``tables.bots.Thinking``, started
just before, as the service starts it), while as many tables as the pool has workers
have their hard bots' moves in flight at once.  Target: the budget plus 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Deal
from engine.bots import BOTS
from engine.bots.base import Bot
from engine.klaberjass.match import KlaberjassMatch
from engine.schieber.match import SchieberMatch
from tables.bots import SeededBot, Thinking
from tables.scheduler import FLOOR_S, BotScheduler


@dataclass(frozen=True)
class Duel:
    name: str
    game: str  # "schieber" or "klaberjass"
    first: str  # the level whose share is reported
    second: str
    pairs: int
    budget_s: float  # the hard bot's budget per decision


def make_bot(level: str, budget_s: float) -> Bot:
    if level == "hard":
        return BOTS["hard"](budget_s=budget_s, clock=time.process_time)
    return BOTS[level]()


def play_deal(
    game: str, seed: int, bots: list[Bot], timed: list[bool]
) -> tuple[tuple[int, ...], list[float]]:
    """One hand of ``game`` dealt by ``seed``; the points each side put on the sheet, and
    the CPU seconds of every timed seat's decisions."""
    match: Any = SchieberMatch.new() if game == "schieber" else KlaberjassMatch.new()
    match, _ = match.apply(Deal(seed))
    times: list[float] = []
    moves = 0
    while match.to_move is not None and match.hand_number == 1:
        seat = match.to_move
        legal = match.legal_actions()
        rng = random.Random(seed * 1000 + moves)
        start = time.process_time()
        action = bots[seat].choose(match.observation(seat), legal, rng)
        if timed[seat] and len(legal) > 1:
            times.append(time.process_time() - start)
        if action not in legal:
            raise AssertionError(f"{type(bots[seat]).__name__} chose an illegal {action}")
        match, _ = match.apply(action)
        moves += 1
    sheet = match.sheet[0] if match.sheet else (0, 0)
    return sheet, times


def play_pair(job: tuple[Duel, int]) -> tuple[float | None, list[float]]:
    """Both plays of one deal; ``first``'s share of all points, and hard's move times."""
    duel, seed = job
    seats = 4 if duel.game == "schieber" else 2
    mine = theirs = 0
    times: list[float] = []
    for side in (0, 1):  # the side (team or seat parity) ``first`` plays
        levels = [duel.first if s % 2 == side else duel.second for s in range(seats)]
        bots = [make_bot(level, duel.budget_s) for level in levels]
        timed = [level == "hard" for level in levels]
        sheet, t = play_deal(duel.game, seed, bots, timed)
        times += t
        mine += sheet[side]
        theirs += sheet[1 - side]
    total = mine + theirs
    return (mine / total if total else None), times


def share_line(shares: list[float]) -> str:
    n = len(shares)
    mean = sum(shares) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in shares) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] n={n}"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)] if values else 0.0


def run(duels: list[Duel], processes: int, emit: Callable[[str], None]) -> None:
    with Pool(processes) as pool:
        for duel in duels:
            start = time.perf_counter()
            jobs = [(duel, 1_000_003 * (i + 1)) for i in range(duel.pairs)]
            shares: list[float] = []
            times: list[float] = []
            for share, t in pool.imap_unordered(play_pair, jobs, chunksize=1):
                if share is not None:
                    shares.append(share)
                times += t
            emit(f"{duel.name}_points_share {share_line(shares)}")
            if "hard" in (duel.first, duel.second):
                emit(f"{duel.game}_hard_move_ms_p95 {1000 * p95(times):.0f}")
                emit(f"{duel.game}_hard_move_ms_max {1000 * max(times, default=0):.0f}")
                emit(f"{duel.game}_hard_moves_timed {len(times)}")
            emit(f"{duel.name}_wall_s {time.perf_counter() - start:.0f}")


async def wall_times(game: str, budget_s: float, deals: int) -> tuple[list[float], float]:
    """Seconds from the ask to the applied action of every hard move (more than one
    legal action) of ``deals`` hands on each of the pool's tables, all bots hard; and
    the milliseconds the pool took to start."""
    thinking = Thinking()
    scheduler = BotScheduler(thinking.workers, time.monotonic, budget_s, min(FLOOR_S, budget_s))
    times: list[float] = []

    async def table(number: int) -> None:
        for d in range(deals):
            seed = 7919 * (number + 1) + d
            match: Any = SchieberMatch.new() if game == "schieber" else KlaberjassMatch.new()
            match, _ = match.apply(Deal(seed))
            moves = 0
            while match.to_move is not None and match.hand_number == 1:
                legal = match.legal_actions()
                action = legal[0]
                asked = time.perf_counter()
                moves += 1
                if len(legal) > 1:
                    bot = SeededBot("hard", seed * 1000 + moves)
                    async with scheduler.turn(number, person_waiting=False) as budget:
                        obs = match.observation(match.to_move)
                        action = await thinking.choose(bot.with_budget(budget), obs, legal)
                match, _ = match.apply(action)
                if len(legal) > 1:
                    times.append(time.perf_counter() - asked)

    try:
        # Started as the service starts it, ready before the first move as after the
        # bots' pause at the service's start (a cold start is ``hard_pool_ready_ms``).
        started = time.perf_counter()
        await asyncio.gather(*(asyncio.wrap_future(f) for f in thinking.warm()))
        ready_ms = 1000 * (time.perf_counter() - started)
        await asyncio.gather(*(table(n) for n in range(thinking.workers)))
    finally:
        thinking.close()
    return times, ready_ms


def run_wall(budget_s: float, deals: int, emit: Callable[[str], None]) -> None:
    for game in ("schieber", "klaberjass"):
        times, ready_ms = asyncio.run(wall_times(game, budget_s, deals))
        emit(f"{game}_hard_pool_ready_ms {ready_ms:.0f}")
        emit(f"{game}_hard_move_wall_ms_p95 {1000 * p95(times):.0f}")
        emit(f"{game}_hard_move_wall_ms_max {1000 * max(times, default=0):.0f}")
        emit(f"{game}_hard_move_wall_moves {len(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small n and budgets (< 120 s)")
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--only", default="", help="run only the duels whose name has this ('wall': none)"
    )
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every n")
    parser.add_argument("--budget", type=float, default=None, help="hard's budget (seconds)")
    args = parser.parse_args()
    if args.quick:
        budget = args.budget if args.budget is not None else 0.05
        sizes = {"s_me": 150, "s_hm": 24, "k_me": 400, "k_hm": 60}
    else:
        budget = args.budget if args.budget is not None else 1.0
        sizes = {"s_me": 3000, "s_hm": 180, "k_me": 4000, "k_hm": 360}
    n = {k: max(2, int(v * args.scale)) for k, v in sizes.items()}
    duels = [
        Duel("schieber_medium_vs_easy", "schieber", "medium", "easy", n["s_me"], budget),
        Duel("klaberjass_medium_vs_easy", "klaberjass", "medium", "easy", n["k_me"], budget),
        Duel("schieber_hard_vs_medium", "schieber", "hard", "medium", n["s_hm"], budget),
        Duel("klaberjass_hard_vs_medium", "klaberjass", "hard", "medium", n["k_hm"], budget),
    ]
    duels = [d for d in duels if args.only in d.name]
    print(f"hard_budget_s {budget}", flush=True)
    run(duels, args.processes, lambda line: print(line, flush=True))
    if args.only in "wall":  # every figure, or --only wall
        run_wall(budget, 2 if args.quick else 10, lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
