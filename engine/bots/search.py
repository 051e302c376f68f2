"""Determinized Monte Carlo (perfect-information Monte Carlo) under a budget.

The hard bot samples a deal of the unseen cards consistent with what its seat has seen,
plays every candidate action in that same deal to the end of the hand with a fast
rule-based policy for all seats, and keeps, per candidate, the values it scored.
Comparing candidates on the same deals (common random numbers) cancels most of the
card luck, so a few hundred deals separate good moves from bad ones; it stops early
once the leader is ahead of every other candidate by 3.5 standard errors of the
paired difference.

The budget is a time limit, or a number of sampled deals: the latter reads no clock,
so a seeded bot with it replays exactly, which tests rely on.

>>> import random
>>> rng = random.Random(0)
>>> values = lambda: [rng.random(), rng.random() + 0.5]
>>> result = run_search(2, values, Budget(samples=200))
>>> result.best, result.samples < 200
(1, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

MIN_SAMPLES = 24
CHECK_EVERY = 8
Z = 3.5  # standard errors the leader must be ahead by to stop early
SAFETY = 0.95  # of the time budget the search may fill: the rest covers the bookkeeping


@dataclass(slots=True)
class Budget:
    """How long a search may run: ``seconds`` on ``clock`` and/or at most ``samples``.

    The search stops before a deal it expects would overrun the time, so a move's time
    stays within ``seconds`` (plus one deal's work at worst).
    """

    seconds: float | None = None
    samples: int | None = None
    clock: Callable[[], float] = time.perf_counter
    started: float | None = field(default=None)

    def start(self) -> Budget:
        """The budget running from now (a running one is returned as it is)."""
        if self.started is not None:
            return self
        started = self.clock() if self.seconds is not None else 0.0
        return Budget(self.seconds, self.samples, self.clock, started)

    def share(self, fraction: float) -> Budget:
        """A budget for part of a decision (a fraction of the time and the samples)."""
        seconds = None if self.seconds is None else self.seconds * fraction
        samples = None if self.samples is None else max(1, int(self.samples * fraction))
        return Budget(seconds, samples, self.clock)


@dataclass(slots=True)
class SearchResult:
    best: int
    samples: int
    means: list[float]


def run_search(
    n: int,
    sample_values: Callable[[], list[float]],
    budget: Budget,
) -> SearchResult:
    """Evaluate ``n`` candidates over sampled deals; ``sample_values`` plays one deal and
    returns a value per candidate."""
    budget = budget.start()
    clock = budget.clock
    limit = None if budget.seconds is None else budget.seconds * SAFETY
    cap = budget.samples if budget.samples is not None else 1 << 30
    stats = PairedStats(n)
    sums = [0.0] * n
    samples = 0
    per_sample = 0.0
    while samples < cap:
        if limit is not None and samples:
            elapsed = clock() - budget.started  # type: ignore[operator]
            per_sample = elapsed / samples
            if elapsed + 1.5 * per_sample > limit:
                break
        row = sample_values()
        samples += 1
        for i in range(n):
            sums[i] += row[i]
        stats.add(row)
        if samples >= MIN_SAMPLES and samples % CHECK_EVERY == 0 and stats.settled(sums):
            break
    if samples == 0:
        return SearchResult(0, 0, [0.0] * n)
    means = [s / samples for s in sums]
    best = max(range(n), key=lambda i: (means[i], -i))
    return SearchResult(best, samples, means)


class PairedStats:
    """Running mean and sum of squared deviations (Welford) of every pair of candidates'
    paired difference, so the stop test costs the same at the thousandth deal as at the
    tenth (it used to go over every deal so far: quadratic in the deals)."""

    __slots__ = ("count", "m2", "mean", "n")

    def __init__(self, n: int) -> None:
        self.n = n
        self.count = 0
        self.mean = [0.0] * (n * n)  # [i * n + j], i < j: of row[i] - row[j]
        self.m2 = [0.0] * (n * n)

    def add(self, row: list[float]) -> None:
        self.count += 1
        k, n, mean, m2 = self.count, self.n, self.mean, self.m2
        for i in range(n - 1):
            a = row[i]
            for j in range(i + 1, n):
                x = i * n + j
                d = a - row[j]
                delta = d - mean[x]
                mean[x] += delta / k
                m2[x] += delta * (d - mean[x])

    def settled(self, sums: list[float]) -> bool:
        """The leader beats every other candidate by Z standard errors of the paired
        difference, or ties it on every deal so far (the two play alike)."""
        n, m = self.n, self.count
        best = max(range(n), key=sums.__getitem__)
        for i in range(n):
            if i == best:
                continue
            if best < i:
                x, sign = best * n + i, 1.0
            else:
                x, sign = i * n + best, -1.0
            mean, m2 = sign * self.mean[x], self.m2[x]
            if m2 == 0.0 and mean == 0.0:
                continue
            if mean <= Z * math.sqrt(m2 / (m - 1) / m):
                return False
        return True
