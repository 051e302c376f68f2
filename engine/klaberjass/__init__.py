"""Two-player Klaberjass, as ``rules/klaberjass.md`` sets it out."""

from engine.klaberjass.hand import KlaberjassHand, deal
from engine.klaberjass.match import KlaberjassMatch
from engine.klaberjass.rules import KlaberjassRules
from engine.klaberjass.view import KlaberjassView

__all__ = ["KlaberjassHand", "KlaberjassMatch", "KlaberjassRules", "KlaberjassView", "deal"]
