"""What each seat did in a match, folded from the engine's events, and its rules in words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.events import (
    DeclarationsScored,
    HandAnnulled,
    HandDealt,
    HandScored,
    StoeckDeclared,
    TrumpFixed,
)
from tables import games
from tables.model import SEATS


@dataclass(slots=True)
class MatchFacts:
    """Per-seat counts folded from a match's engine events, live or by replaying the log.

    >>> from engine.events import HandScored
    >>> f = MatchFacts.new("schieber")
    >>> f.fold(HandScored(1, (157, 0), (257, 0), (257, 0), match_by=0))
    >>> f.match_hands
    [1, 0]
    """

    weis: list[int]
    stoeck: list[int]
    made: list[int]
    made_failed: list[int]
    match_hands: list[int]  # per side
    annulled: int = 0
    maker: int | None = field(default=None, repr=False)

    @classmethod
    def new(cls, game: str) -> MatchFacts:
        n = SEATS[game]
        return cls([0] * n, [0] * n, [0] * n, [0] * n, [0] * (2 if n == 4 else n))

    def fold(self, event: Any) -> None:
        if isinstance(event, DeclarationsScored):
            for d in event.scored:
                self.weis[d.seat] += 1
        elif isinstance(event, StoeckDeclared):
            self.stoeck[event.declaration.seat] += 1
        elif isinstance(event, TrumpFixed):
            self.maker = event.maker
        elif isinstance(event, HandScored):
            if event.match_by is not None:
                self.match_hands[event.match_by] += 1
            if self.maker is not None:
                self.made[self.maker] += 1
                self.made_failed[self.maker] += int(event.maker_failed)
            self.maker = None
        elif isinstance(event, HandAnnulled):
            self.annulled += 1
            self.maker = None
        elif isinstance(event, HandDealt):
            self.maker = None


def facts_from_log(game: str, rules: dict[str, Any], rows: list[str]) -> MatchFacts:
    """Replay a table's logged actions and fold their events; ValueError if it fails."""
    facts = MatchFacts.new(game)
    match = games.new_match(game, rules)
    for text in rows:
        match, events = match.apply(games.action_from_json(text))
        for event in events:
            facts.fold(event)
    if match.winner is None:
        raise ValueError("the log does not reach the end of the match")
    return facts


def preset_label(game: str, rules: dict[str, Any]) -> str:
    """The rules of a match in a few words.

    >>> preset_label("schieber", {"preset": "swisslos-2500"})
    'swisslos-2500'
    >>> preset_label("schieber", {"target": 2000})
    'pagat-3000, target 2000'
    >>> preset_label("klaberjass", {})
    'to 501'
    """
    try:
        options = games.new_match(game, rules).rules.to_options()
    except (ValueError, TypeError):
        return "custom"
    if game == "klaberjass":
        return f"to {options['target']}"
    preset = options.pop("preset")
    extras = [f"{k.replace('_', ' ')} {v}" for k, v in sorted(options.items())]
    return ", ".join([preset, *extras])
