"""What a Schieber seat knows, read from its ``SchieberView`` into plain ints.

Everything here comes from the observation: the table's rules, the own hand, the cards
played and by whom, the suits a seat has shown it lacks (not following, or undertrumping,
which only a hand of nothing but trumps may do), the Weis cards shown after the first
trick, and the Weis points each seat announced (none announced by a seat that has played
means none held).

>>> from engine.actions import Deal
>>> from engine.schieber.match import SchieberMatch
>>> m, _ = SchieberMatch.new().apply(Deal(seed=5))
>>> info = SchieberInfo.of(m.observation(m.to_move))
>>> info.hand.bit_count(), info.pool.bit_count(), info.counts
(9, 27, (9, 9, 9, 9))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.cards import FULL_DECK, SUIT_OF, mask_of
from engine.events import DeclarationKind
from engine.schieber.core import CONTRACT_INDEX, legal_mask
from engine.schieber.rules import SchieberRules
from engine.schieber.view import SchieberView


@dataclass(frozen=True, slots=True)
class SchieberInfo:
    seat: int
    ci: int  # contract index, -1 while it is still to be chosen
    maker: int  # the seat that named the contract, -1 before
    pushed: bool  # the forehand pushed the choice to the partner
    rules: SchieberRules
    forehand: int
    hand: int
    trick: tuple[int, ...]  # card indices on the table, from the leader on
    leader: int
    played_by: tuple[int, int, int, int]  # cards each seat played this hand
    counts: tuple[int, int, int, int]  # cards each seat holds now
    known: tuple[int, int, int, int]  # cards another seat surely holds (shown Weis)
    forbidden: tuple[int, int, int, int]  # cards a seat cannot hold (suits shown void)
    weis_total: tuple[int | None, ...]  # Weis points of a seat's dealt hand, once known
    points: tuple[int, int]  # trick points of this hand so far, per team
    tricks_won: tuple[int, int]
    discards: tuple[int, int, int, int]  # cards a seat played off-suit, not trumping

    @property
    def played(self) -> int:
        return self.played_by[0] | self.played_by[1] | self.played_by[2] | self.played_by[3]

    @property
    def pool(self) -> int:
        """Cards out of sight whose holder is not known."""
        k = self.known
        return FULL_DECK & ~(self.hand | self.played | k[0] | k[1] | k[2] | k[3])

    def possible(self) -> list[int]:
        """Per seat, the cards it may hold now (the own seat: its hand)."""
        pool = self.pool
        return [
            self.hand if s == self.seat else (pool & ~self.forbidden[s]) | self.known[s]
            for s in range(4)
        ]

    @classmethod
    def of(cls, view: SchieberView) -> SchieberInfo:
        rules = view.rules
        forehand = view.forehand if view.forehand is not None else 0
        ci = CONTRACT_INDEX[view.contract] if view.contract is not None else -1
        played = [0, 0, 0, 0]
        forbidden = [0, 0, 0, 0]
        discards = [0, 0, 0, 0]
        points, won = [0, 0], [0, 0]
        tricks = [(t.leader, [c.index for c in t.cards], t.winner, t.points) for t in view.tricks]
        current = [c.index for _, c in view.trick]
        leader = view.trick[0][0] if view.trick else view.leader
        if leader is None:
            leader = forehand
        if ci >= 0:
            for lead_seat, cards, winner, pts in tricks:
                _infer(ci, lead_seat, cards, played, forbidden, discards)
                points[winner & 1] += pts
                won[winner & 1] += 1
            if current:
                _infer(ci, leader, current, played, forbidden, discards)
        own = mask_of(view.hand)
        forbidden[view.seat] = FULL_DECK & ~own
        counts = tuple(9 - p.bit_count() for p in played)
        known = [0, 0, 0, 0]
        all_played = played[0] | played[1] | played[2] | played[3]
        for d in view.declarations:
            if d.seat != view.seat and d.kind != DeclarationKind.STOECK:
                known[d.seat] |= mask_of(d.cards) & ~all_played
        weis_total: list[int | None] = [None] * 4
        if rules.weis and ci >= 0:
            started = set(range(4)) if view.tricks else {s for s, _ in view.trick}
            announced = dict(view.announced)
            for s in started:
                if s != view.seat:
                    weis_total[s] = announced.get(s, 0)
        return cls(
            seat=view.seat,
            ci=ci,
            maker=-1 if view.maker is None else view.maker,
            pushed=view.pushed,
            rules=rules,
            forehand=forehand,
            hand=own,
            trick=tuple(current),
            leader=leader,
            played_by=tuple(played),  # type: ignore[arg-type]
            counts=counts,  # type: ignore[arg-type]
            known=tuple(known),  # type: ignore[arg-type]
            forbidden=tuple(forbidden),  # type: ignore[arg-type]
            weis_total=tuple(weis_total),
            points=(points[0], points[1]),
            tricks_won=(won[0], won[1]),
            discards=tuple(discards),  # type: ignore[arg-type]
        )


def _infer(
    ci: int,
    leader: int,
    cards: list[int],
    played: list[int],
    forbidden: list[int],
    discards: list[int],
) -> None:
    """Record who played what in one trick, the cards each play shows its seat lacked
    (``shown_void``) and the discards (off-suit, not trumping)."""
    led = SUIT_OF[cards[0]]
    played[leader] |= 1 << cards[0]
    for i in range(1, len(cards)):
        seat, c = (leader + i) & 3, cards[i]
        played[seat] |= 1 << c
        forbidden[seat] |= shown_void(ci, tuple(cards[:i]), c)
        if SUIT_OF[c] != led and SUIT_OF[c] != ci:
            discards[seat] |= 1 << c


@lru_cache(maxsize=4096)  # a hand's tricks are read again at every decision
def shown_void(ci: int, trick: tuple[int, ...], card: int) -> int:
    """The cards a seat cannot have held, having played ``card`` onto ``trick``: those
    that would have made it illegal (the rules bar a card for holding any one of them)."""
    return sum(
        1 << other
        for other in range(36)
        if other != card and not legal_mask(ci, 1 << card | 1 << other, trick) >> card & 1
    )
