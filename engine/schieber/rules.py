"""Schieber rule options and the three presets of ``rules/schieber.md``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.actions import Contract

PRESETS: dict[str, dict[str, Any]] = {
    "pagat-3000": {"target": 3000, "multipliers": (1, 2, 3, 4)},
    "swisslos-2500": {"target": 2500, "multipliers": (1, 2, 3, 3)},
    "tournament-1000": {
        "target": 1000,
        "multipliers": (1, 1, 1, 1),
        "weis": False,
        "stoeck": False,
        "match_bonus": False,
    },
}
DEFAULT_PRESET = "pagat-3000"
# Which of the four multipliers applies to each contract.
MULTIPLIER_GROUP = {
    Contract.SPADES: 0,
    Contract.CLUBS: 0,
    Contract.HEARTS: 1,
    Contract.DIAMONDS: 1,
    Contract.OBENABE: 2,
    Contract.UNDENUFE: 3,
}


@dataclass(frozen=True, slots=True)
class SchieberRules:
    """Rule options of a table.

    ``multipliers`` are for ♠♣ / ♥♦ / Obenabe / Undenufe.

    >>> SchieberRules.from_options({"preset": "swisslos-2500"}).multiplier(Contract.UNDENUFE)
    3
    """

    preset: str = DEFAULT_PRESET
    target: int = 3000
    multipliers: tuple[int, int, int, int] = (1, 2, 3, 4)
    weis: bool = True
    stoeck: bool = True
    match_bonus: bool = True
    undenufe_six_eleven: bool = False

    def multiplier(self, contract: Contract) -> int:
        return self.multipliers[MULTIPLIER_GROUP[contract]]

    @classmethod
    def from_options(cls, options: dict[str, Any] | None = None) -> SchieberRules:
        """A preset (default ``pagat-3000``) with any single option set beside it."""
        options = dict(options or {})
        preset = options.pop("preset", DEFAULT_PRESET)
        if preset not in PRESETS:
            raise ValueError(f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}")
        known = {f.name for f in fields(cls)}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        defaults = {f.name: f.default for f in fields(cls)}
        values: dict[str, Any] = {**defaults, "preset": preset, **PRESETS[preset], **options}
        values["multipliers"] = tuple(int(m) for m in values["multipliers"])
        if len(values["multipliers"]) != 4:
            raise ValueError("multipliers needs four numbers: ♠♣, ♥♦, Obenabe, Undenufe")
        if int(values["target"]) <= 0:
            raise ValueError("target must be a positive number of points")
        values["target"] = int(values["target"])
        for flag in ("weis", "stoeck", "match_bonus", "undenufe_six_eleven"):
            values[flag] = bool(values[flag])
        return cls(**values)

    def to_options(self) -> dict[str, Any]:
        """The options that differ from the preset, beside the preset's name."""
        base = SchieberRules.from_options({"preset": self.preset})
        out: dict[str, Any] = {"preset": self.preset}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "preset" and value != getattr(base, f.name):
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out
