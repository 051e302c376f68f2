"""The hard bot's search: its budget (counted in deals, never timed here), its early stop,
and the sampler's uniformity over consistent deals."""

import itertools
import random
from collections import Counter

import pytest

from engine.bots import HardBot
from engine.bots.sampling import DealSampler
from engine.bots.search import Budget, run_search
from engine.cards import SUIT_MASK, Card, mask_of
from tests.engine.test_bots_helpers import random_situation


def fake_clock(step: float):
    """A clock that moves ``step`` seconds each time it is read: no real time involved."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_hard_never_looks_at_more_deals_than_its_budget(game):
    results = []
    bot = HardBot(samples=10, on_search=results.append)
    for seed in range(40):
        match = random_situation(game, seed)
        bot.choose(match.observation(match.to_move), match.legal_actions(), random.Random(seed))
    assert results and all(1 <= r.samples <= 10 for r in results)


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_hard_stops_when_its_time_is_up(game):
    # The clock moves 0.1 s per reading and the search reads it once a deal: a budget of
    # one second leaves room for about ten deals, whatever the machine.
    results = []
    for seed in range(20):
        bot = HardBot(budget_s=1.0, clock=fake_clock(0.1), on_search=results.append)
        match = random_situation(game, seed)
        bot.choose(match.observation(match.to_move), match.legal_actions(), random.Random(seed))
    assert results and all(1 <= r.samples <= 10 for r in results)


def test_search_stops_early_once_the_best_is_clear_and_keeps_going_while_close():
    rng = random.Random(5)
    clear = run_search(
        3, lambda: [rng.random(), rng.random() + 1, rng.random()], Budget(samples=500)
    )
    assert clear.best == 1 and clear.samples < 100
    # A coin toss between two equal candidates: the search (nearly always) uses it all.
    full = 0
    for seed in range(50):
        coin = random.Random(seed).random
        result = run_search(2, lambda coin=coin: [coin(), coin()], Budget(samples=300))
        full += result.samples == 300
    assert full >= 45


def test_candidates_that_always_tie_do_not_keep_the_search_going():
    rng = random.Random(2)

    def values():
        v = rng.random()
        return [v, v, v - 1]

    result = run_search(3, values, Budget(samples=1000))
    assert result.best in (0, 1) and result.samples < 100


def test_the_sampler_draws_every_consistent_deal_equally_often():
    codes = "SA SK SQ HA HK HQ".split()
    pool = mask_of(Card.from_code(c) for c in codes)
    # Holder 0 takes 2 cards but no spades, holder 1 takes 2, holder 2 takes 2.
    sampler = DealSampler(pool, [2, 2, 2], [SUIT_MASK[0], 0, 0])
    rng = random.Random(9)
    counts = Counter(tuple(sampler.sample(rng)) for _ in range(12000))
    # Holder 0: 3 ways among the hearts; the other four cards split 6 ways: 18 deals.
    assert len(counts) == 18
    assert all(not deal[0] & SUIT_MASK[0] for deal in counts)
    expected = 12000 / 18
    assert all(abs(n - expected) < 0.15 * expected for n in counts.values())


def test_the_sampler_drops_constraints_it_cannot_meet_rather_than_fail():
    pool = mask_of(Card.from_code(c) for c in ("SA", "SK"))
    sampler = DealSampler(pool, [1, 1], [SUIT_MASK[0], SUIT_MASK[0]])
    assert not sampler.consistent
    a, b = sampler.sample(random.Random(1))
    assert a | b == pool and a.bit_count() == b.bit_count() == 1


def test_a_budgeted_search_is_reproducible_from_its_seed():
    for seed in range(10):
        match = random_situation("schieber", seed)
        view, legal = match.observation(match.to_move), match.legal_actions()
        a: list = []
        b: list = []
        HardBot(samples=12, on_search=a.append).choose(view, legal, random.Random(seed))
        HardBot(samples=12, on_search=b.append).choose(view, legal, random.Random(seed))
        assert [(r.best, r.samples, r.means) for r in a] == [
            (r.best, r.samples, r.means) for r in b
        ]


def _stop_by_recount(rows: list[list[float]]) -> int:
    """Where the search used to stop: the paired variance recounted over every deal."""
    from engine.bots.search import CHECK_EVERY, MIN_SAMPLES, Z

    n = len(rows[0])
    for m in range(1, len(rows) + 1):
        if m < MIN_SAMPLES or m % CHECK_EVERY:
            continue
        seen = rows[:m]
        sums = [sum(r[i] for r in seen) for i in range(n)]
        best = max(range(n), key=sums.__getitem__)
        settled = True
        for i in range(n):
            if i == best:
                continue
            diffs = [r[best] - r[i] for r in seen]
            mean = sum(diffs) / m
            var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
            if not (var == 0.0 and mean == 0.0) and mean <= Z * var**0.5 / m**0.5:
                settled = False
                break
        if settled:
            return m
    return len(rows)


@pytest.mark.parametrize("seed", range(60))
def test_the_running_stop_test_stops_where_the_recount_did(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    edge = [rng.randint(0, 40) for _ in range(n)]  # some candidates better than others
    spread = rng.choice([20, 60, 160])  # stops early, late or not at all
    ties = rng.random() < 0.3  # candidates 0 and 1 play alike on every deal
    rows = []
    for _ in range(400):
        row = [float(rng.randint(-spread, spread) + edge[i]) for i in range(n)]
        if seed % 2:
            row = [v + rng.random() for v in row]  # not only whole points
        if ties:
            row[1] = row[0]
        rows.append(row)
    it = iter(rows)
    result = run_search(n, lambda: next(it), Budget(samples=len(rows)))
    assert result.samples == _stop_by_recount(rows)
