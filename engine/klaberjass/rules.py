"""Klaberjass rule options (``rules/klaberjass.md``): only the target may change."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

DEFAULT_TARGET = 501


@dataclass(frozen=True, slots=True)
class KlaberjassRules:
    """Rule options of a table.

    >>> KlaberjassRules.from_options({"target": 301})
    KlaberjassRules(target=301)
    >>> KlaberjassRules().to_options()
    {'target': 501}
    """

    target: int = DEFAULT_TARGET

    @classmethod
    def from_options(cls, options: dict[str, Any] | None = None) -> KlaberjassRules:
        options = dict(options or {})
        known = {f.name for f in fields(cls)}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        target = options.get("target", DEFAULT_TARGET)
        if isinstance(target, bool) or int(target) <= 0:
            raise ValueError("target must be a positive number of points")
        return cls(target=int(target))

    def to_options(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
