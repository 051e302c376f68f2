"""A server's defaults for new tables, as ``/jass settings`` keeps them.

>>> s = ServerSettings().changed(clock_s=45, preset="swisslos-2500")
>>> s.threads, s.clock_s, s.bot_level, s.preset, s.deck
(True, 45, 'medium', 'swisslos-2500', <Deck.FRENCH: 'french'>)
>>> ServerSettings().changed(deck="swiss").deck
<Deck.SWISS: 'swiss'>
>>> ServerSettings().changed(bot_level="genius")
Traceback (most recent call last):
...
tables.errors.BadOptions: There is no bot level 'genius'; choose easy, medium or hard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.schieber.rules import DEFAULT_PRESET, PRESETS
from tables.bots import LEVELS
from tables.decks import Deck
from tables.errors import BadOptions
from tables.limits import DEFAULT_MAX_TABLES
from tables.settings import Settings

MAX_CLOCK_S = 600
MAX_IDLE_MIN = 1440  # a day
MAX_TABLES = 1000


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """``clock_s``: seconds for a card, twice that to choose a contract or bid; 0 for no
    clock; None for the bot's own default (``TRUMPF_CARD_CLOCK``).  ``idle_min``: minutes
    without a press before a table in play pauses (0: never; None: Trumpf's default);
    ``max_tables``: open tables (lobbies, in play, paused) the server may have at once.
    ``deck``: for new Schieber tables (Klaberjass is always French); a word ("swiss") is
    read as a deck."""

    threads: bool = True
    clock_s: int | None = None
    bot_level: str = "medium"
    preset: str = DEFAULT_PRESET
    idle_min: int | None = None
    max_tables: int = DEFAULT_MAX_TABLES
    deck: Deck = Deck.FRENCH

    def __post_init__(self) -> None:
        if not isinstance(self.deck, Deck):
            try:
                object.__setattr__(self, "deck", Deck.from_word(str(self.deck)))
            except ValueError:
                word = self.deck
                raise BadOptions(f"There is no deck {word!r}; choose french or swiss.") from None
        if self.bot_level not in LEVELS:
            raise BadOptions(f"There is no bot level {self.bot_level!r}; choose {_words(LEVELS)}.")
        if self.preset not in PRESETS:
            raise BadOptions(f"There is no preset {self.preset!r}; choose {_words(PRESETS)}.")
        if self.clock_s is not None and not 0 <= self.clock_s <= MAX_CLOCK_S:
            raise BadOptions(f"A turn clock is 0 to {MAX_CLOCK_S} seconds, not {self.clock_s}.")
        if self.idle_min is not None and not 0 <= self.idle_min <= MAX_IDLE_MIN:
            raise BadOptions(f"Idle minutes are 0 to {MAX_IDLE_MIN}, not {self.idle_min}.")
        if not 1 <= self.max_tables <= MAX_TABLES:
            raise BadOptions(f"Open tables are 1 to {MAX_TABLES}, not {self.max_tables}.")

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> ServerSettings:
        """A stored row (threads, clock_s, bot_level, preset, idle_min, max_tables, deck),
        either backend's; NULL columns take Trumpf's defaults."""
        threads, clock_s, level, preset, idle_min, max_tables, deck = row
        d = cls()
        return cls(
            bool(threads),
            clock_s,
            level or d.bot_level,
            preset or d.preset,
            idle_min,
            max_tables or d.max_tables,
            deck or d.deck,
        )

    def changed(self, **changes: object) -> ServerSettings:
        """These settings with the given ones changed (None: left as they are)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})  # type: ignore[arg-type]

    def clocks(self, fallback: Settings, clock_s: int | None = None) -> tuple[float | None, ...]:
        """(card, contract) seconds for a new table: ``clock_s`` if given, else the
        server's, else the bot's own; 0 means no clock (None)."""
        clock = clock_s if clock_s is not None else self.clock_s
        if clock is None:
            return fallback.card_clock_s or None, fallback.contract_clock_s or None
        return clock or None, 2 * clock or None


def _words(names: object) -> str:
    names = list(names)  # type: ignore[call-overload]
    return ", ".join(names[:-1]) + " or " + names[-1]
