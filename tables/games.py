"""The engine as the service sees it: one match type per game, actions as log rows.

Both games share one interface (``new``, ``apply``, ``legal_actions``, ``to_move``,
``phase``, ``observation``, ``scores``, ``sheet``, ``winner``, ``hand``), so nothing
outside this module names a game's classes.

>>> action_from_json(action_to_json(Deal(42)))
Deal(seed=42)
>>> from engine.cards import Card
>>> action_to_json(Play(2, Card.from_code("H10")))
'{"seat":2,"play":"H10"}'

"""

from __future__ import annotations

import hashlib
import importlib
import json
import pickle
from functools import cache
from pathlib import Path
from typing import Any

from engine.actions import Action, Deal, Play
from engine.klaberjass.match import KlaberjassMatch
from engine.record import action_json, parse_action
from engine.schieber.match import SchieberMatch
from tables.decks import Deck

MATCHES: dict[str, Any] = {"schieber": SchieberMatch, "klaberjass": KlaberjassMatch}
# The decks each game is shown with: Klaberjass is a French-deck game (7 to A).
DECKS: dict[str, tuple[Deck, ...]] = {"schieber": tuple(Deck), "klaberjass": (Deck.FRENCH,)}


def check_deck(game: str, deck: Deck) -> None:
    """ValueError, in words a player reads, if the game is not played with the deck.

    >>> check_deck("klaberjass", Deck.SWISS)
    Traceback (most recent call last):
    ...
    ValueError: Klaberjass is played with French cards only: choose deck french, or leave it out.
    """
    if deck not in DECKS.get(game, (Deck.FRENCH,)):
        raise ValueError(
            f"{game.capitalize()} is played with French cards only: choose deck french, "
            "or leave it out."
        )


def new_match(game: str, rules: dict[str, Any]) -> Any:
    """A fresh match; ValueError for an unknown game or a bad rule option."""
    if game not in MATCHES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(MATCHES)}")
    return MATCHES[game].new(dict(rules))


def action_to_json(action: Action) -> str:
    """A log row: the hand-record form of an action, or ``{"deal": seed}``."""
    if isinstance(action, Play):  # most rows are cards: spare json.dumps the work
        return f'{{"seat":{action.seat},"play":"{action.card.code}"}}'
    if isinstance(action, Deal):
        return json.dumps({"deal": action.seed})
    return json.dumps(action_json(action), separators=(",", ":"))


def action_from_json(text: str) -> Action:
    """ValueError (or RecordError, a ValueError) for a row that is not an action."""
    obj = json.loads(text)
    if isinstance(obj, dict) and "deal" in obj:
        seed = obj["deal"]
        if not isinstance(seed, int):
            raise ValueError(f"bad deal seed {seed!r}")
        return Deal(seed)
    return parse_action(obj)


def replay(match: Any, rows: list[str]) -> Any:
    """Apply logged actions in order; any error means the log is damaged."""
    for text in rows:
        match, _ = match.apply(action_from_json(text))
    return match


def hand_record(game: str, hand: Any) -> dict[str, Any]:
    """A hand as a hand record (``rules/hand-record.md``)."""
    module = importlib.import_module(f"engine.{game}.record")
    return module.hand_to_record(hand)


@cache
def engine_fingerprint() -> str:
    """A digest of the engine's source: snapshots from another engine are not trusted."""
    root = Path(__file__).resolve().parent.parent / "engine"
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def snapshot(match: Any) -> bytes:
    """A cache of a match state, so start-up need not replay whole matches."""
    return pickle.dumps(match, protocol=pickle.HIGHEST_PROTOCOL)


def restore(blob: bytes, game: str) -> Any:
    """The snapshot's match; ValueError if it is not one of this game (then replay)."""
    try:
        match = pickle.loads(blob)  # our own rows, written by ``snapshot``
    except Exception as e:
        raise ValueError(f"unreadable snapshot: {e}") from None
    if getattr(match, "game", None) != game:
        raise ValueError("snapshot of another game")
    return match
