"""What a Klaberjass seat knows, read from its ``KlaberjassView`` into plain ints.

The own hand; the card face up on the table (out of play); after a public swap, the
turn-up in the swapper's hand; the cards played and by whom; what the opponent's plays
show he lacks (not following: the suit led; not trumping either: trumps; not going over
a trump led: the trumps above it); a player who took the turn-up's suit and played without
swapping does not hold the trump 7 (the swap is free); the opponent's announced sequence
points (none announced once he has played: none held) and his shown sequences.

>>> from engine.actions import Deal
>>> from engine.klaberjass.match import KlaberjassMatch
>>> m, _ = KlaberjassMatch.new().apply(Deal(seed=5))
>>> info = KlaberjassInfo.of(m.observation(m.to_move))
>>> info.hand.bit_count(), info.pool.bit_count(), info.opp_count
(6, 25, 6)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import BidKind
from engine.cards import PIQUET_DECK, mask_of
from engine.events import DeclarationKind
from engine.klaberjass.core import SEVEN, legal_mask
from engine.klaberjass.view import KlaberjassView


@dataclass(frozen=True, slots=True)
class KlaberjassInfo:
    seat: int
    dealer: int
    trump: int  # -1 while bidding
    proposed: int  # the turn-up's suit
    named: bool  # trump was named in round 2
    maker: int  # -1 while bidding
    hand: int
    turn_up: int
    table_card: int  # the card face up now
    swapped_by: int | None
    bids: int  # bids made so far
    led: int  # the card on the table in this trick, or -1
    leader: int
    done: int  # tricks complete
    played_by: tuple[int, int]
    hand_points: tuple[int, int]
    hand_totals: tuple[int, int]  # tricks, scored sequences, Bela shown
    opp_count: int  # cards the opponent holds now
    opp_known: int  # cards he surely holds
    opp_forbidden: int  # cards he cannot hold
    opp_sequences: int | None  # his announced sequence points, once known
    bela_shown: bool
    opp_bids: tuple[tuple[int, BidKind], ...]  # (bid number 0-3, what he bid) of his

    @property
    def opp(self) -> int:
        return 1 - self.seat

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def pool(self) -> int:
        """Cards out of sight whose place (his hand or the stock) is not known."""
        used = self.hand | self.played_by[0] | self.played_by[1] | self.opp_known
        return PIQUET_DECK & ~used & ~(1 << self.table_card)

    @property
    def opp_possible(self) -> int:
        return (self.pool & ~self.opp_forbidden) | self.opp_known

    @classmethod
    def of(cls, view: KlaberjassView) -> KlaberjassInfo:
        seat, opp = view.seat, 1 - view.seat
        assert view.dealer is not None and view.turn_up is not None
        trump = -1 if view.trump is None else int(view.trump)
        proposed = view.turn_up.suit
        named = trump >= 0 and len(view.bids) > 2
        played = [0, 0]
        forbidden = 0
        tricks = [(t.leader, [c.index for c in t.cards]) for t in view.tricks]
        for leader, cards in tricks:
            played[leader] |= 1 << cards[0]
            played[1 - leader] |= 1 << cards[1]
            if 1 - leader == opp:
                forbidden |= _shown_void(trump, cards[0], cards[1])
        led = -1
        if view.trick:
            s, c = view.trick[0]
            played[s] |= 1 << c.index
            led = c.index
        opp_started = bool(view.tricks) or (bool(view.trick) and view.trick[0][0] == opp)
        if trump == proposed and not named and view.swapped_by is None and opp_started:
            forbidden |= 1 << SEVEN[trump]  # he would have swapped it for the turn-up
        known = 0
        if view.swapped_by == opp:
            known |= 1 << view.turn_up.index
        for d in view.declarations:
            if d.seat == opp and d.kind == DeclarationKind.SEQUENCE:
                known |= mask_of(d.cards)
        known &= ~played[opp]
        opp_sequences = dict(view.announced).get(opp, 0) if opp_started else None
        in_play = trump >= 0
        return cls(
            seat=seat,
            dealer=view.dealer,
            trump=trump,
            proposed=int(proposed),
            named=named,
            maker=-1 if view.maker is None else view.maker,
            hand=mask_of(view.hand),
            turn_up=view.turn_up.index,
            table_card=(view.table_card or view.turn_up).index,
            swapped_by=view.swapped_by,
            bids=len(view.bids),
            led=led,
            leader=view.leader if view.leader is not None else 1 - view.dealer,
            done=len(view.tricks),
            played_by=(played[0], played[1]),
            hand_points=view.hand_points,
            hand_totals=view.hand_totals,
            opp_count=(9 if in_play else 6) - played[opp].bit_count(),
            opp_known=known,
            opp_forbidden=forbidden & ~known,
            opp_sequences=opp_sequences,
            bela_shown=any(d.kind == DeclarationKind.BELA for d in view.declarations),
            opp_bids=tuple((i, kind) for i, (s, kind, _) in enumerate(view.bids) if s == opp),
        )


def _shown_void(trump: int, led: int, second: int) -> int:
    """The cards the follower cannot have held, having played ``second`` to ``led``:
    those that would have made it illegal (the rules bar a card for holding any one)."""
    return (
        sum(
            1 << other
            for other in range(36)
            if other != second
            and not legal_mask(trump, 1 << second | 1 << other, led) >> second & 1
        )
        & PIQUET_DECK
    )
