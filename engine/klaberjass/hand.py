"""One Klaberjass hand: bidding, the 7 swap, nine tricks, sequences and Bela, the maker rule.

The state is immutable; ``apply`` returns the next state, the events it caused and the
points it credits.  Nothing goes on the score sheet before the last trick: then the
maker rule settles both totals at once, so the credits come in one go.

>>> hand = KlaberjassHand.from_codes(
...     dealer=0,
...     hands=[["SA", "SK", "SQ", "HA", "D7", "C8"], ["HJ", "H9", "H10", "DA", "D10", "CA"]],
...     turn_up="H7",
...     extra=[["S8", "H8", "D8"], ["HK", "CK", "CQ"]],
... )
>>> hand.to_move, [str(a) for a in hand.legal_actions()]
(1, ['take', 'pass'])
>>> hand, events, _ = hand.apply(Bid(1, BidKind.TAKE))
>>> hand.trump, hand.maker, hand.to_move, len(hand.hand_of(1))
(<Suit.HEARTS: 1>, 1, 1, 9)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import Any

from engine.actions import Action, Bid, BidKind, Play, Swap
from engine.cards import CARDS, PIQUET_DECK, SUIT_OF, Card, Rank, Suit, indices_of, mask_of
from engine.errors import IllegalAction, OutOfTurn
from engine.events import (
    BidMade,
    CardPlayed,
    Declaration,
    DeclarationKind,
    DeclarationsScored,
    Event,
    StoeckDeclared,
    TrickWon,
    TrumpFixed,
    TrumpSwapped,
    WeisAnnounced,
)
from engine.klaberjass import core
from engine.klaberjass.core import Sequence
from engine.klaberjass.rules import KlaberjassRules
from engine.phase import Phase

Credit = tuple[int, int]  # (seat, points as they go on the score sheet)
Dealt = tuple[int, tuple[int, int], int, tuple[int, int]]  # dealer, hands, turn-up, extra

DECK: tuple[int, ...] = tuple(indices_of(PIQUET_DECK))


def deal(seed: int, dealer: int | None = None) -> Dealt:
    """Shuffle the 32 cards with ``seed``; draw the dealer first if none is given.

    The elder gets cards 0-2, the dealer 3-5, the elder 6-8, the dealer 9-11; card 12 is
    turned up; once trump is fixed the elder gets 13-15 and the dealer 16-18.

    >>> deal(7) == deal(7), deal(7, dealer=1)[0]
    (True, 1)
    """
    rng = random.Random(seed)
    if dealer is None:
        dealer = rng.randrange(2)
    deck = list(DECK)
    rng.shuffle(deck)
    return deal_from(deck, dealer)


def deal_from(deck: list[int], dealer: int) -> Dealt:
    """Deal a shuffled deck (card indices) as the rules order it."""
    elder = 1 - dealer

    def mask(cards: list[int]) -> int:
        return sum(1 << c for c in cards)

    hands, extra = [0, 0], [0, 0]
    hands[elder] = mask(deck[0:3] + deck[6:9])
    hands[dealer] = mask(deck[3:6] + deck[9:12])
    extra[elder] = mask(deck[13:16])
    extra[dealer] = mask(deck[16:19])
    return dealer, (hands[0], hands[1]), deck[12], (extra[0], extra[1])


@dataclass(frozen=True, slots=True)
class KlaberjassHand:
    rules: KlaberjassRules
    dealer: int
    dealt: tuple[int, int]  # the first six cards of each seat
    turn_up: int  # the card index turned face up after the first six
    extra: tuple[int, int]  # the three cards each seat gets once trump is fixed
    held: tuple[int, int]
    to_move: int
    bids: tuple[Bid, ...] = ()
    trump: Suit | None = None
    maker: int | None = None
    annulled: bool = False
    swapped_by: int | None = None
    leader: int = 0
    trick: tuple[int, ...] = ()
    tricks: tuple[TrickWon, ...] = ()
    sequences: tuple[tuple[Sequence, ...], tuple[Sequence, ...]] = ((), ())
    sequence_seat: int | None = None  # whose sequences count, once the first trick is done
    bela_seat: int | None = None
    bela_shown: bool = False
    points: tuple[int, int] = (0, 0)  # trick points, last-trick bonus included
    actions: tuple[Action, ...] = ()

    @classmethod
    def start(
        cls,
        rules: KlaberjassRules,
        dealer: int,
        hands: tuple[int, ...],
        turn_up: int,
        extra: tuple[int, ...],
    ) -> KlaberjassHand:
        if dealer not in (0, 1):
            raise ValueError("the dealer is seat 0 or 1")
        if len(hands) != 2 or any(h.bit_count() != 6 for h in hands):
            raise ValueError("a Klaberjass deal is two hands of six cards")
        if len(extra) != 2 or any(x.bit_count() != 3 for x in extra):
            raise ValueError("each seat gets three more cards once trump is fixed")
        cards = [*hands, *extra, 1 << turn_up if 0 <= turn_up < 36 else 0]
        union = cards[0] | cards[1] | cards[2] | cards[3] | cards[4]
        if union.bit_count() != 19 or union & ~PIQUET_DECK:
            raise ValueError("the deal must be 19 different cards of the 32-card deck")
        return cls(rules, dealer, tuple(hands), turn_up, tuple(extra), tuple(hands), 1 - dealer)  # type: ignore[arg-type]

    @classmethod
    def from_codes(
        cls,
        dealer: int,
        hands: list[list[str]],
        turn_up: str,
        extra: list[list[str]],
        rules: KlaberjassRules | None = None,
    ) -> KlaberjassHand:
        """A hand from card codes, as a hand record gives them."""
        return cls.start(
            rules or KlaberjassRules(),
            dealer,
            tuple(mask_of(map(Card.from_code, h)) for h in hands),
            Card.from_code(turn_up).index,
            tuple(mask_of(map(Card.from_code, x)) for x in extra),
        )

    # --- what a player may see and do -------------------------------------------------

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def phase(self) -> Phase:
        if self.annulled or self.complete:
            return Phase.OVER
        return Phase.BIDDING if self.trump is None else Phase.PLAY

    @property
    def complete(self) -> bool:
        """All nine tricks played (an annulled hand never completes)."""
        return len(self.tricks) == core.TRICKS

    @property
    def proposed(self) -> Suit:
        """The turn-up's suit."""
        return Suit(SUIT_OF[self.turn_up])

    @property
    def named(self) -> bool:
        """Trump was named in the second round rather than taken from the turn-up."""
        return self.trump is not None and len(self.bids) > 2

    @property
    def table_card(self) -> Card:
        """The card face up on the table: the turn-up, or the trump 7 after a swap."""
        if self.swapped_by is not None:
            return CARDS[core.SEVEN[self.proposed]]
        return CARDS[self.turn_up]

    @property
    def stock(self) -> int:
        """The unseen cards (a mask): neither held, played, nor on the table."""
        used = self.dealt[0] | self.dealt[1] | self.extra[0] | self.extra[1] | 1 << self.turn_up
        return PIQUET_DECK & ~used

    def has_played(self, seat: int) -> bool:
        return bool(self.tricks) or (bool(self.trick) and self.leader == seat)

    def legal_mask(self) -> int:
        assert self.trump is not None
        led = self.trick[0] if self.trick else core.NO_CARD
        return core.legal_mask(self.trump, self.held[self.to_move], led)

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play; none outside the play."""
        if self.phase is not Phase.PLAY:
            return []
        return [CARDS[c] for c in indices_of(self.legal_mask())]

    def legal_actions(self) -> list[Action]:
        """Bids in a fixed order (take, pass / each other suit, pass), or the legal cards
        in card order followed by the swap when the seat to move may make it."""
        seat, phase = self.to_move, self.phase
        if phase is Phase.BIDDING:
            if len(self.bids) < 2:
                return [Bid(seat, BidKind.TAKE), Bid(seat, BidKind.PASS)]
            named: list[Action] = [
                Bid(seat, BidKind.NAME, s) for s in Suit if s is not self.proposed
            ]
            return [*named, Bid(seat, BidKind.PASS)]
        if phase is Phase.OVER:
            return []
        plays: list[Action] = [Play(seat, card) for card in self.legal_cards()]
        if self.swap_refusal(seat) is None:
            plays.append(Swap(seat))
        return plays

    def hand_of(self, seat: int) -> list[Card]:
        return [CARDS[c] for c in indices_of(self.held[seat])]

    def trick_seats(self) -> list[int]:
        return [(self.leader + i) % 2 for i in range(len(self.trick))]

    def swap_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not swap the trump 7 for the turn-up now; None if it may."""
        if self.trump is None:
            return "Trump has not been fixed yet."
        if self.named:
            return "You may not swap: trump was named, not taken from the turn-up."
        if self.swapped_by is not None:
            return "The trump 7 has already been swapped for the turn-up."
        if self.has_played(seat):
            return "You may only swap the trump 7 before your first card."
        if not self.held[seat] >> core.SEVEN[self.trump] & 1:
            return "Only the trump 7 can be swapped for the turn-up."
        return None

    # --- applying actions -------------------------------------------------------------

    def apply(self, action: Action) -> tuple[KlaberjassHand, list[Event], list[Credit]]:
        """The next state, its events, and (after the last trick) both seats' credits.

        A swap may come from either seat at any time before its first card; every other
        action only from the seat to move.
        """
        if self.annulled:
            raise IllegalAction("The hand was annulled: both players passed twice.")
        if self.complete:
            raise IllegalAction("The hand is over.")
        seat = getattr(action, "seat", None)
        if isinstance(action, Swap) and seat in (0, 1):
            return self._swap(action)
        if seat != self.to_move:
            raise OutOfTurn(f"It is not your turn: seat {self.to_move} is to play.")
        if isinstance(action, Bid):
            return self._bid(action)
        if isinstance(action, Play):
            return self._play(action)
        raise IllegalAction(f"{action} is not a Klaberjass action.")

    def _bid(self, action: Bid) -> tuple[KlaberjassHand, list[Event], list[Credit]]:
        if self.trump is not None:
            raise IllegalAction("Trump is already fixed.")
        seat, proposed = action.seat, self.proposed
        first_round = len(self.bids) < 2
        bids = self.bids + (action,)
        if action.kind is BidKind.PASS:
            event = BidMade(seat, BidKind.PASS, None)
            done = len(bids) == 4
            state = replace(
                self, bids=bids, annulled=done, to_move=1 - seat, actions=self.actions + (action,)
            )
            return state, [event], []
        if action.kind is BidKind.TAKE:
            if not first_round:
                raise IllegalAction("In the second round you may name another suit or pass.")
            trump = proposed
        else:
            if first_round:
                raise IllegalAction(
                    f"In the first round you may take {proposed.symbol} {proposed.word} or pass."
                )
            if action.suit is None:
                raise IllegalAction("Name the suit you want as trump.")
            if action.suit is proposed:
                raise IllegalAction("You may not name the turn-up's suit in the second round.")
            trump = action.suit
        held = (self.dealt[0] | self.extra[0], self.dealt[1] | self.extra[1])
        state = replace(
            self,
            bids=bids,
            trump=trump,
            maker=seat,
            held=held,
            to_move=self.elder,
            leader=self.elder,
            sequences=(core.sequences(held[0]), core.sequences(held[1])),
            bela_seat=core.bela_holder(held, trump),
            actions=self.actions + (action,),
        )
        return state, [BidMade(seat, action.kind, trump), TrumpFixed(seat, trump)], []

    def _swap(self, action: Swap) -> tuple[KlaberjassHand, list[Event], list[Credit]]:
        seat = action.seat
        reason = self.swap_refusal(seat)
        if reason:
            raise IllegalAction(reason)
        trump = self.trump
        assert trump is not None
        seven = core.SEVEN[trump]
        held = list(self.held)
        held[seat] = core.swapped(held[seat], trump, self.turn_up)
        sequences = list(self.sequences)
        sequences[seat] = core.sequences(held[seat])
        state = replace(
            self,
            held=(held[0], held[1]),
            swapped_by=seat,
            sequences=(sequences[0], sequences[1]),
            bela_seat=self.bela_seat
            if self.bela_seat is not None
            else core.bela_holder(held, trump),
            actions=self.actions + (action,),
        )
        return state, [TrumpSwapped(seat, CARDS[seven], CARDS[self.turn_up])], []

    def _play(self, action: Play) -> tuple[KlaberjassHand, list[Event], list[Credit]]:
        if self.trump is None:
            raise IllegalAction("Trump has not been fixed yet: bid first.")
        seat, card, trump = action.seat, action.card.index, self.trump
        led = self.trick[0] if self.trick else core.NO_CARD
        reason = core.illegal_reason(trump, self.held[seat], led, card)
        if reason:
            raise IllegalAction(reason)
        events: list[Event] = [CardPlayed(seat, action.card)]
        if not self.has_played(seat) and self.sequences[seat]:
            events.append(WeisAnnounced(seat, sum(p for _, p in self.sequences[seat])))
        held = list(self.held)
        held[seat] &= ~(1 << card)
        bela_shown = self.bela_shown
        if seat == self.bela_seat and not bela_shown and not held[seat] & core.BELA_PAIR[trump]:
            bela_shown = True
            events.append(StoeckDeclared(self._bela(), core.BELA_POINTS))
        changes = {
            "held": (held[0], held[1]),
            "bela_shown": bela_shown,
            "actions": self.actions + (action,),
        }
        if led == core.NO_CARD:
            return self._evolve(trick=(card,), to_move=1 - seat, **changes), events, []
        return self._close_trick(led, card, events, changes)

    def _close_trick(
        self, led: int, second: int, events: list[Event], changes: dict[str, Any]
    ) -> tuple[KlaberjassHand, list[Event], list[Credit]]:
        trump = self.trump
        assert trump is not None
        last = len(self.tricks) == core.TRICKS - 1
        position, points = core.close_trick(trump, led, second, last)
        winner = (self.leader + position) % 2
        sequence_seat = self.sequence_seat
        if not self.tricks:
            keys = [core.sequence_key(tuple(c for q, _ in seqs for c in q), trump)
                    for seqs in self.sequences]  # fmt: skip
            sequence_seat = core.sequence_winner(keys[0], keys[1])
            if any(self.sequences):
                scored = tuple(d for d in self._sequence_declarations() if d.seat == sequence_seat)
                lost = tuple(d for d in self._sequence_declarations() if d.seat != sequence_seat)
                total = sum(d.points for d in scored)
                events.append(DeclarationsScored(scored, lost, sequence_seat, total))
        trick = TrickWon(
            len(self.tricks) + 1, self.leader, (CARDS[led], CARDS[second]), winner, points
        )
        events.append(trick)
        hand_points = list(self.points)
        hand_points[winner] += points
        state = self._evolve(
            trick=(),
            tricks=self.tricks + (trick,),
            leader=winner,
            to_move=winner,
            sequence_seat=sequence_seat,
            points=(hand_points[0], hand_points[1]),
            **changes,
        )
        credits = list(enumerate(state.credited)) if state.complete else []
        return state, events, credits

    def _evolve(self, **changes: Any) -> KlaberjassHand:
        """``dataclasses.replace`` for the hot path of a replay: the same new state, made
        without re-running ``__init__`` (a card is played thousands of times a second)."""
        assert changes.keys() <= _FIELD_NAMES, f"not fields: {changes.keys() - _FIELD_NAMES}"
        new: KlaberjassHand = _evolve(self, changes)
        return new

    # --- the hand's result ------------------------------------------------------------

    def _bela(self) -> Declaration:
        assert self.bela_seat is not None and self.trump is not None
        cards = (Card(self.trump, Rank.KING), Card(self.trump, Rank.QUEEN))
        return Declaration(self.bela_seat, DeclarationKind.BELA, cards, core.BELA_POINTS)

    def _sequence_declarations(self) -> list[Declaration]:
        return [
            Declaration(s, DeclarationKind.SEQUENCE, tuple(CARDS[c] for c in cards), points)
            for s in (0, 1)
            for cards, points in self.sequences[s]
        ]

    def declarations(self) -> list[Declaration]:
        """Every sequence held (in seat order) and Bela once shown."""
        out = self._sequence_declarations()
        if self.bela_shown:
            out.append(self._bela())
        return out

    def declaration_scored(self, d: Declaration) -> bool:
        if d.kind == DeclarationKind.BELA:
            return True
        return self.sequence_seat is not None and d.seat == self.sequence_seat

    @property
    def own_totals(self) -> tuple[int, int]:
        """Each seat's total so far, before the maker rule: tricks, sequences, Bela."""
        totals = list(self.points)
        if self.sequence_seat is not None:
            totals[self.sequence_seat] += sum(p for _, p in self.sequences[self.sequence_seat])
        if self.bela_shown:
            totals[self.bela_seat] += core.BELA_POINTS  # type: ignore[index]
        return totals[0], totals[1]

    @property
    def credited(self) -> tuple[int, int]:
        """What the hand puts on the score sheet: nothing until the last trick, then
        both totals after the maker rule."""
        if not self.complete:
            return (0, 0)
        assert self.maker is not None
        return core.settle(self.maker, self.own_totals)

    @property
    def maker_failed(self) -> bool:
        """The hand is over and the maker did not out-score the opponent."""
        if not self.complete:
            return False
        assert self.maker is not None
        totals = self.own_totals
        return totals[self.maker] <= totals[1 - self.maker]


def _make_evolve() -> Any:
    """Build ``_evolve(hand, changes)``: one line per field that sets its slot on a new
    hand, from ``changes`` or from ``hand`` (as ``dataclasses`` builds ``__init__``)."""
    namespace: dict[str, Any] = {"new_hand": object.__new__, "KlaberjassHand": KlaberjassHand}
    lines = ["def _evolve(hand, changes):", "    new = new_hand(KlaberjassHand)"]
    for i, f in enumerate(fields(KlaberjassHand)):
        namespace[f"set_{i}"] = KlaberjassHand.__dict__[f.name].__set__
        value = f"changes[{f.name!r}] if {f.name!r} in changes else hand.{f.name}"
        lines.append(f"    set_{i}(new, {value})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    return namespace["_evolve"]


_evolve = _make_evolve()
_FIELD_NAMES = frozenset(f.name for f in fields(KlaberjassHand))
