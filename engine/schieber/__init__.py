"""Swiss Schieber Jass, as ``rules/schieber.md`` sets it out."""

from engine.schieber.hand import SchieberHand, deal
from engine.schieber.match import SchieberMatch
from engine.schieber.rules import PRESETS, SchieberRules
from engine.schieber.view import SchieberView

__all__ = ["PRESETS", "SchieberHand", "SchieberMatch", "SchieberRules", "SchieberView", "deal"]
