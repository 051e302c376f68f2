"""Every path that scores a Schieber hand agrees with the rulebook (``core``, ``weis``).

The hand state, the random playout, the bots' rollout and ``hand_value``, and the exact
endgame solver are each checked against a score built from the rulebook's kernels alone,
over thousands of random and Weis-rich deals under varied rule options.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Choose, Play
from engine.bots.schieber_policy import play_card
from engine.bots.schieber_search import ATTACK, NO_BONUS, exact, hand_value, rollout
from engine.schieber import core
from engine.schieber.hand import SchieberHand
from engine.schieber.playout import play_out
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import weis_credit

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.sampled_from(
    [
        {"preset": "pagat-3000"},
        {"preset": "swisslos-2500"},
        {"preset": "tournament-1000"},
        {"preset": "pagat-3000", "undenufe_six_eleven": True},
        {"preset": "swisslos-2500", "weis": False, "match_bonus": False},
        {"preset": "tournament-1000", "stoeck": True, "multipliers": [1, 2, 2, 5]},
    ]
)


def deal(seed: int, rich: bool) -> tuple[int, int, int, int]:
    """Four hands of nine; ``rich``: from a deck in suit or rank order, lightly shuffled,
    so sequences, four of a kind and Stöck abound."""
    rng = random.Random(seed)
    deck = list(range(36))
    if rich:
        by_rank = rng.random() < 0.5
        deck.sort(key=lambda c: (c % 9, c // 9) if by_rank else c)
        for _ in range(rng.randrange(10)):
            i, j = rng.randrange(36), rng.randrange(36)
            deck[i], deck[j] = deck[j], deck[i]
        cut = rng.randrange(36)
        deck = deck[cut:] + deck[:cut]
    else:
        rng.shuffle(deck)
    return tuple(sum(1 << c for c in deck[9 * s : 9 * s + 9]) for s in range(4))  # type: ignore[return-value]


def rulebook_score(
    rules: SchieberRules, ci: int, dealt: tuple[int, ...], forehand: int, tricks: list[list[int]]
) -> list[int]:
    """The hand's score per team from the kernels alone: Weis, Stöck, each trick closed,
    the Match, the multiplier."""
    score, won = [0, 0], [0, 0]
    if rules.weis:
        team, points = weis_credit(dealt, ci, forehand)
        if team is not None:
            score[team] += points
    stoeck = core.stoeck_holder(rules, ci, dealt)
    if stoeck is not None:
        score[stoeck & 1] += core.STOECK_POINTS
    leader, table = forehand, core.points_table(rules, ci)
    for number, trick in enumerate(tricks, 1):
        position, points = core.close_trick(ci, table, trick, number == core.TRICKS)
        leader = (leader + position) & 3
        score[leader & 1] += points
        won[leader & 1] += 1
    m = core.multiplier(rules, ci)
    return [(score[t] + core.match_bonus(rules, won[t])) * m for t in (0, 1)]


def cards_of_tricks(hand: SchieberHand) -> list[list[int]]:
    return [[c.index for c in t.cards] for t in hand.tricks]


def chosen(rules: SchieberRules, dealt: tuple[int, ...], ci: int) -> SchieberHand:
    """The hand dealt by seat 3, the forehand (seat 0) naming contract ``ci``."""
    hand = SchieberHand.start(rules, 3, dealt)
    return hand.apply(Choose(0, core.CONTRACTS[ci]))[0]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(seeds, st.booleans(), options, st.integers(min_value=0, max_value=5))
def test_the_hand_and_the_playout_score_as_the_rulebook(seed, rich, option, ci):
    """Same deal, same random draws (one per choice of two or more cards)."""
    rules, dealt = SchieberRules.from_options(option), deal(seed, rich)
    hand, rng = chosen(rules, dealt, ci), random.Random(seed)
    while not hand.complete:
        legal = hand.legal_actions()
        allowed = core.legal_mask(ci, hand.held[hand.to_move], hand.trick)
        assert sum(a.card.bit for a in legal) == allowed
        pick = int(rng.random() * len(legal)) if len(legal) > 1 else 0
        hand = hand.apply(legal[pick])[0]
    expected = rulebook_score(rules, ci, dealt, 0, cards_of_tricks(hand))
    assert list(hand.credited) == expected
    assert play_out(rules, ci, list(dealt), 0, random.Random(seed)) == expected


def policy_hand(hand: SchieberHand, maker: int) -> SchieberHand:
    """The hand played on as the rollout plays: ``play_card`` seeing every hand."""
    while not hand.complete:
        seat = hand.to_move
        attack = ATTACK[maker & 1][seat]
        card = play_card(hand.ci, seat, hand.held[seat], list(hand.trick), list(hand.held),
                         NO_BONUS, None, attack)  # fmt: skip
        hand = hand.apply(Play(seat, next(c for c in hand.legal_cards() if c.index == card)))[0]
    return hand


@settings(max_examples=800, deadline=None, derandomize=True)
@given(seeds, st.booleans(), options, st.integers(min_value=0, max_value=5))
def test_hand_value_and_the_rollout_score_as_the_rulebook(seed, rich, option, ci):
    rules, dealt = SchieberRules.from_options(option), deal(seed, rich)
    maker = seed % 4
    played = policy_hand(chosen(rules, dealt, ci), maker)
    expected = rulebook_score(rules, ci, dealt, 0, cards_of_tricks(played))
    assert list(played.credited) == expected
    assert list(hand_value(rules, ci, list(dealt), 0, maker)) == expected


@settings(max_examples=500, deadline=None, derandomize=True)
@given(seeds, st.booleans(), options, st.integers(min_value=0, max_value=5))
def test_the_rollout_from_any_point_takes_what_the_table_credits(seed, rich, option, ci):
    """Weis (credited after the first trick) and Stöck (off here) are the caller's: the
    rollout counts the tricks from here on and the Match, before the multiplier."""
    rules = SchieberRules.from_options({**option, "stoeck": False})
    rng, maker = random.Random(seed), seed % 4
    hand = chosen(rules, deal(seed, rich), ci)
    while len(hand.tricks) < 1 + seed % 7 or len(hand.trick) != seed % 4:
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    won = [sum(t.winner & 1 == team for t in hand.tricks) for team in (0, 1)]
    gained = rollout(rules, ci, list(hand.held), hand.leader, list(hand.trick),
                     len(hand.tricks), (won[0], won[1]), maker)  # fmt: skip
    end, m = policy_hand(hand, maker), core.multiplier(rules, ci)
    assert [g * m for g in gained] == [end.credited[t] - hand.credited[t] for t in (0, 1)]


def best_play(hand: SchieberHand) -> int:
    """Team 0's credits minus team 1's from here to the end, both playing perfectly: the
    table's own scoring, searched in full."""
    if hand.complete:
        return 0
    values = []
    for action in hand.legal_actions():
        after, _, credits = hand.apply(action)
        values.append(sum(p if team == 0 else -p for team, p in credits) + best_play(after))
    return max(values) if hand.to_move % 2 == 0 else min(values)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seeds, st.booleans(), st.booleans(), st.booleans(), st.integers(min_value=0, max_value=5))
def test_the_endgame_solver_values_each_card_as_the_table_scores_it(
    seed, rich, match_bonus, six_eleven, ci
):
    """Every card of the seat to move, the one that completes a trick included.  Without
    Stöck or a multiplier, the table's credits are what the solver counts."""
    rules = SchieberRules.from_options(
        {"preset": "tournament-1000", "match_bonus": match_bonus,
         "undenufe_six_eleven": six_eleven}
    )  # fmt: skip
    rng = random.Random(seed)
    hand = chosen(rules, deal(seed, rich), ci)
    while len(hand.tricks) < 6 or len(hand.trick) != seed % 4:
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    won = [sum(t.winner & 1 == team for t in hand.tricks) for team in (0, 1)]
    for action in hand.legal_actions():
        after = hand.apply(action)[0]
        held = list(hand.held)
        held[hand.to_move] ^= action.card.bit
        value = exact(rules, ci, held, hand.leader, [*hand.trick, action.card.index],
                      len(hand.tricks), list(won))  # fmt: skip
        gained = after.credited[0] - after.credited[1] - hand.credited[0] + hand.credited[1]
        assert value == gained + best_play(after)
