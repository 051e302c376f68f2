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
    values: list[list[float]] = [[] for _ in range(n)]
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
            values[i].append(row[i])
            sums[i] += row[i]
        if samples >= MIN_SAMPLES and samples % CHECK_EVERY == 0 and _settled(values, sums):
            break
    if samples == 0:
        return SearchResult(0, 0, [0.0] * n)
    means = [s / samples for s in sums]
    best = max(range(n), key=lambda i: (means[i], -i))
    return SearchResult(best, samples, means)


def _settled(values: list[list[float]], sums: list[float]) -> bool:
    """The leader beats every other candidate by Z standard errors of the paired
    difference, or ties it on every deal so far (the two play alike)."""
    best = max(range(len(sums)), key=sums.__getitem__)
    lead = values[best]
    m = len(lead)
    for i, other in enumerate(values):
        if i == best:
            continue
        diffs = [a - b for a, b in zip(lead, other, strict=True)]
        mean = sum(diffs) / m
        var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
        if var == 0.0 and mean == 0.0:
            continue
        if mean <= Z * math.sqrt(var / m):
            return False
    return True
