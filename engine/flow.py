"""What both games' matches share: where a match stands between deals, hands and the end."""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.phase import Phase


class MatchFlow:
    """A mixin for a match with ``winner`` and ``hand`` (whose ``phase`` is OVER when done)."""

    __slots__ = ()
    winner: int | None
    hand: Any

    @property
    def phase(self) -> Phase:
        if self.winner is not None:
            return Phase.OVER
        if self.hand is None or self.hand.phase is Phase.OVER:
            return Phase.DEAL
        phase: Phase = self.hand.phase
        return phase

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None while waiting for a deal or after the match."""
        return None if self.phase in (Phase.DEAL, Phase.OVER) else self.hand.to_move

    def legal_actions(self) -> list[Action]:
        return [] if self.phase in (Phase.DEAL, Phase.OVER) else self.hand.legal_actions()
