"""Driving matches with bots for the bot tests (helpers only: no tests here)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.actions import Action, Deal, Swap
from engine.bots import EasyBot, HardBot, MediumBot
from engine.klaberjass.match import KlaberjassMatch
from engine.schieber.match import SchieberMatch

GAMES: dict[str, Callable[[], Any]] = {
    "schieber": SchieberMatch.new,
    "klaberjass": KlaberjassMatch.new,
}


def quick_bots() -> dict[str, Any]:
    """One bot per level; hard on a tiny budget counted in deals (no clock is read)."""
    return {"easy": EasyBot(), "medium": MediumBot(), "hard": HardBot(samples=4)}


def random_situation(game: str, seed: int) -> Any:
    """A match of ``game`` a random number of random legal actions into its first hand
    (swapping the trump 7 whenever it may be: players always do)."""
    rng = random.Random(seed)
    match, _ = GAMES[game]().apply(Deal(rng.randrange(1 << 32)))
    for _ in range(rng.randrange(40)):
        if match.to_move is None or match.hand_number != 1:
            break
        legal = match.legal_actions()
        swap = [a for a in legal if isinstance(a, Swap)]
        match, _ = match.apply(swap[0] if swap else rng.choice(legal))
    if match.to_move is None:  # the hand ended (or was annulled): deal the next one
        match, _ = match.apply(Deal(seed))
    return match


def play_hand(
    game: str, seed: int, bots: list[Any], on_move: Callable[[Any, Action], None] | None = None
) -> tuple[Any, list[Action]]:
    """The first hand dealt by ``seed``, every seat played by its bot with a seeded RNG."""
    match, _ = GAMES[game]().apply(Deal(seed))
    actions: list[Action] = []
    while match.to_move is not None and match.hand_number == 1:
        seat = match.to_move
        legal = match.legal_actions()
        view = match.observation(seat)
        action = bots[seat].choose(view, legal, random.Random(seed * 100 + len(actions)))
        assert action in legal, f"{type(bots[seat]).__name__} chose {action}, not legal"
        if on_move:
            on_move(match, action)
        actions.append(action)
        match, _ = match.apply(action)
    return match, actions
