"""Every bot level plays only legal actions, in both games, and replays exactly."""

import random

import pytest

from engine.actions import Play
from engine.bots import BOTS, LEVELS, HardBot
from engine.bots.base import Bot
from tests.engine.test_bots_helpers import GAMES, play_hand, quick_bots, random_situation

SEATS = {"schieber": 4, "klaberjass": 2}


def test_every_level_is_registered_and_builds_with_defaults():
    assert LEVELS == ("easy", "medium", "hard")
    match = random_situation("schieber", 1)
    legal = match.legal_actions()
    for level in LEVELS:
        bot: Bot = BOTS[level](samples=4) if level == "hard" else BOTS[level]()
        assert bot.choose(match.observation(match.to_move), legal, random.Random(1)) in legal
    assert BOTS["hard"](budget_s=0.5).budget.seconds == 0.5


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_a_legal_action_in_random_situations(game, level):
    bot = quick_bots()[level]
    for seed in range(150):
        match = random_situation(game, seed)
        seat = match.to_move
        legal = match.legal_actions()
        action = bot.choose(match.observation(seat), legal, random.Random(seed))
        assert action in legal, (seed, action)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_table_of_one_level_plays_whole_hands(game, level):
    bots = [quick_bots()[level]] * SEATS[game]
    for seed in range(3 if level == "hard" else 20):
        match, actions = play_hand(game, seed, bots)
        assert match.hand.complete or match.hand.annulled
        assert sum(isinstance(a, Play) for a in actions) in (0, 9 * SEATS[game])


@pytest.mark.parametrize("game", GAMES)
def test_levels_play_each_other(game):
    levels = ["easy", "medium", "hard", "medium"][: SEATS[game]]
    bots = [quick_bots()[level] for level in levels]
    for seed in range(4):
        match, _ = play_hand(game, seed, bots)
        assert match.hand.complete or match.hand.annulled


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_bot_makes_the_same_choice_for_the_same_observation(game, level):
    for seed in range(30):
        match = random_situation(game, seed)
        view, legal = match.observation(match.to_move), match.legal_actions()
        first = quick_bots()[level].choose(view, legal, random.Random(seed))
        again = quick_bots()[level].choose(view, legal, random.Random(seed))
        assert first == again


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_bot_game_replays_exactly(game):
    levels = ["hard", "medium", "easy", "hard"][: SEATS[game]]

    def table():
        return [quick_bots()[level] for level in levels]

    for seed in (11, 12):
        first, actions = play_hand(game, seed, table())
        again, replayed = play_hand(game, seed, table())
        assert actions == replayed
        assert first.scores == again.scores and first.sheet == again.sheet


def test_hard_bots_are_told_apart_from_their_budget():
    bot = HardBot(samples=7)
    assert bot.budget.samples == 7 and bot.budget.seconds is None
