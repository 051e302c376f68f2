"""One Schieber hand: contract, nine tricks, Weis and Stöck, and the hand's score.

The state is immutable; ``apply`` returns the next state, the events it caused and the
points it credits, in the order the rules credit them (Stöck, Weis, trick points), so the
match can stop the moment a team reaches the target.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import NamedTuple

from engine.actions import Action, Choose, Contract, Play, Push
from engine.cards import CARDS, FULL_DECK, Card, Rank, indices_of, mask_of
from engine.errors import IllegalAction, OutOfTurn
from engine.events import (
    CardPlayed,
    ContractChosen,
    ContractPushed,
    Declaration,
    DeclarationKind,
    DeclarationsScored,
    Event,
    StoeckDeclared,
    TrickWon,
    WeisAnnounced,
)
from engine.phase import Phase
from engine.schieber import core
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import Weis, best_weis, key_code, weis_key, weis_winner

Credit = tuple[int, int]  # (team, points as they go on the score sheet)
# The 144 possible CardPlayed events, built once: a replay applies 36 plays a hand.
_CARD_PLAYED = tuple(tuple(CardPlayed(s, c) for c in CARDS) for s in range(4))


def team_of(seat: int) -> int:
    return seat % 2


def deal(seed: int) -> tuple[int, int, int, int]:
    """Shuffle the 36 cards with ``seed`` and give each seat nine (as bit masks)."""
    deck = list(range(36))
    random.Random(seed).shuffle(deck)
    return tuple(sum(1 << c for c in deck[9 * s : 9 * s + 9]) for s in range(4))  # type: ignore[return-value]


def clubs_seven_dealer(hands: tuple[int, ...]) -> int:
    """The dealer of a match's first hand: the seat before the holder of ♣7."""
    c7 = Card.from_code("C7").bit
    holder = next(s for s in range(4) if hands[s] & c7)
    return (holder - 1) % 4


@dataclass(frozen=True, slots=True)
class HandTerms:
    """What stays fixed once the contract is named: the deal, the contract, the Weis held."""

    rules: SchieberRules
    dealer: int
    dealt: tuple[int, int, int, int]
    contract: Contract | None = None
    maker: int | None = None
    pushed: bool = False
    weis: tuple[tuple[Weis, ...], ...] = ((), (), (), ())
    stoeck_seat: int | None = None
    ci: int = -1  # the contract's index in ``core``
    multiplier: int = 1
    points_table: tuple[int, ...] = ()


class SchieberHand(NamedTuple):
    """The running state of a hand; immutable.

    It is a NamedTuple, apart from ``terms``, because a card played builds a new one and
    replays apply thousands a second: a frozen dataclass costs four times as much.
    """

    terms: HandTerms
    held: tuple[int, int, int, int]
    to_move: int
    leader: int
    trick: tuple[int, ...] = ()
    tricks: tuple[TrickWon, ...] = ()
    weis_team: int | None = None  # the team whose Weis count, once the first trick is done
    stoeck_shown: bool = False
    points: tuple[int, int] = (0, 0)  # trick points, last-trick bonus included
    credited: tuple[int, int] = (0, 0)  # what went on the score sheet, multiplied
    actions: tuple[Action, ...] = ()

    @classmethod
    def start(cls, rules: SchieberRules, dealer: int, hands: tuple[int, ...]) -> SchieberHand:
        """The hand as dealt, waiting for the forehand to name or push."""
        if len(hands) != 4 or any(h.bit_count() != 9 for h in hands):
            raise ValueError("a Schieber deal is four hands of nine cards")
        if sum(hands) != FULL_DECK or (hands[0] | hands[1] | hands[2] | hands[3]) != FULL_DECK:
            raise ValueError("the four hands must hold all 36 cards once")
        forehand = (dealer + 1) % 4
        return cls(HandTerms(rules, dealer, tuple(hands)), tuple(hands), forehand, forehand)  # type: ignore[arg-type]

    # The terms, read through: a card played copies only the running fields.

    @property
    def rules(self) -> SchieberRules:
        return self.terms.rules

    @property
    def dealer(self) -> int:
        return self.terms.dealer

    @property
    def dealt(self) -> tuple[int, int, int, int]:
        return self.terms.dealt

    @property
    def contract(self) -> Contract | None:
        return self.terms.contract

    @property
    def maker(self) -> int | None:
        return self.terms.maker

    @property
    def pushed(self) -> bool:
        return self.terms.pushed

    @property
    def weis(self) -> tuple[tuple[Weis, ...], ...]:
        return self.terms.weis

    @property
    def stoeck_seat(self) -> int | None:
        return self.terms.stoeck_seat

    @property
    def ci(self) -> int:
        return self.terms.ci

    @property
    def multiplier(self) -> int:
        return self.terms.multiplier

    # --- what a player may see and do -------------------------------------------------

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def phase(self) -> Phase:
        if self.contract is None:
            return Phase.CONTRACT
        return Phase.OVER if self.complete else Phase.PLAY

    @property
    def complete(self) -> bool:
        return len(self.tricks) == 9

    def legal_mask(self) -> int:
        return core.legal_mask(self.terms.ci, self.held[self.to_move], self.trick)

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play; none outside the play."""
        if self.terms.contract is None or len(self.tricks) == 9:
            return []
        return [CARDS[c] for c in indices_of(self.legal_mask())]

    def legal_actions(self) -> list[Action]:
        seat = self.to_move
        if self.contract is None:
            choices: list[Action] = [Choose(seat, c) for c in Contract]
            return choices if self.pushed else [*choices, Push(seat)]
        if self.complete:
            return []
        return [Play(seat, card) for card in self.legal_cards()]

    def hand_of(self, seat: int) -> list[Card]:
        return [CARDS[c] for c in indices_of(self.held[seat])]

    def trick_seats(self) -> list[int]:
        return [(self.leader + i) % 4 for i in range(len(self.trick))]

    # --- applying actions -------------------------------------------------------------

    def apply(self, action: Action) -> tuple[SchieberHand, list[Event], list[Credit]]:
        if len(self.tricks) == 9:
            raise IllegalAction("The hand is over.")
        if getattr(action, "seat", None) != self.to_move:
            raise OutOfTurn(f"It is not your turn: seat {self.to_move} is to play.")
        if type(action) is Play:  # the common case first: replays apply 36 a hand
            return self._play(action)
        if isinstance(action, Push):
            return self._push(action)
        if isinstance(action, Choose):
            return self._choose(action)
        raise IllegalAction(f"{action} is not a Schieber action.")

    def _push(self, action: Push) -> tuple[SchieberHand, list[Event], list[Credit]]:
        if self.contract is not None:
            raise IllegalAction("The contract is already chosen.")
        if self.pushed:
            raise IllegalAction("Your partner pushed to you: you must choose the contract.")
        partner = (action.seat + 2) % 4
        state = self._replace(
            terms=replace(self.terms, pushed=True),
            to_move=partner,
            actions=self.actions + (action,),
        )
        return state, [ContractPushed(action.seat, partner)], []

    def _choose(self, action: Choose) -> tuple[SchieberHand, list[Event], list[Credit]]:
        if self.contract is not None:
            raise IllegalAction("The contract is already chosen.")
        ci = core.CONTRACT_INDEX[action.contract]
        weis: tuple[tuple[Weis, ...], ...] = ((), (), (), ())
        if self.rules.weis:
            weis = tuple(tuple(best_weis(h, ci)) for h in self.dealt)
        rules = self.rules
        terms = replace(
            self.terms,
            contract=action.contract,
            maker=action.seat,
            weis=weis,
            stoeck_seat=core.stoeck_holder(rules, ci, self.dealt),
            ci=ci,
            multiplier=core.multiplier(rules, ci),
            points_table=core.points_table(rules, ci),
        )
        state = self._replace(terms=terms, to_move=self.forehand, actions=self.actions + (action,))
        return state, [ContractChosen(action.seat, action.contract, self.pushed)], []

    def _play(self, action: Play) -> tuple[SchieberHand, list[Event], list[Credit]]:
        # One unpacking instead of a read per field: Python 3.11 does not specialise
        # reading a NamedTuple field, and a replay plays 36 cards a hand.
        (terms, held, _, leader, trick, tricks,
         weis_team, stoeck_shown, points, credited, actions) = self  # fmt: skip
        if terms.contract is None:
            raise IllegalAction("The contract has not been chosen yet.")
        seat, card = action.seat, action.card.index
        hand = held[seat]
        if not core.legal_mask(terms.ci, hand, trick) >> card & 1:
            raise IllegalAction(core.illegal_reason(terms.ci, hand, trick, card))
        events: list[Event] = [_CARD_PLAYED[seat][card]]
        if not tricks and terms.weis[seat]:
            events.append(WeisAnnounced(seat, sum(w[2] for w in terms.weis[seat])))
        hand &= ~(1 << card)
        if seat == terms.stoeck_seat and not stoeck_shown and not hand & core.STOECK_PAIR[terms.ci]:
            stoeck_shown = True  # the second of the pair is played
            events.append(StoeckDeclared(self._stoeck(), core.STOECK_POINTS * terms.multiplier))
        remaining = list(held)
        remaining[seat] = hand
        held = tuple(remaining)  # type: ignore[assignment]
        trick += (card,)
        actions += (action,)
        if len(trick) == 4:
            return self._close_trick(trick, held, stoeck_shown, actions, events)
        state = SchieberHand(
            terms, held, (seat + 1) % 4, leader, trick, tricks, weis_team, stoeck_shown, points,
            credited, actions,
        )  # fmt: skip
        return state, events, []

    def _stoeck(self) -> Declaration:
        assert self.stoeck_seat is not None and self.contract and self.contract.trump is not None
        suit = self.contract.trump
        cards = (Card(suit, Rank.KING), Card(suit, Rank.QUEEN))
        return Declaration(self.stoeck_seat, DeclarationKind.STOECK, cards, core.STOECK_POINTS)

    def _close_trick(
        self,
        trick: tuple[int, ...],
        held: tuple[int, int, int, int],
        stoeck_shown: bool,
        actions: tuple[Action, ...],
        events: list[Event],
    ) -> tuple[SchieberHand, list[Event], list[Credit]]:
        """The state once the fourth card of ``trick`` is played: ``held``, ``stoeck_shown``
        and ``actions`` already count that card; the trick is scored and cleared."""
        terms, _, _, leader, _, tricks, weis_team, _, points, credited, _ = self
        ci, m = terms.ci, terms.multiplier
        last = len(tricks) == core.TRICKS - 1
        position, trick_points = core.close_trick(ci, terms.points_table, trick, last)
        winner = (leader + position) % 4
        credits: list[Credit] = []
        # Stöck counts at the end of the trick in which its second card fell: the
        # holder plays one card a trick, so a trump K or Q here once shown is that card.
        pair = core.STOECK_PAIR[ci]
        if stoeck_shown and any(pair >> c & 1 for c in trick):
            credits.append((team_of(terms.stoeck_seat), core.STOECK_POINTS * m))  # type: ignore[arg-type]
        if not tricks:
            weis_team, scored = self._compare_weis(events)
            if scored:
                credits.append((weis_team, scored * m))  # type: ignore[arg-type]
        won = TrickWon(
            len(tricks) + 1, leader, tuple(map(CARDS.__getitem__, trick)), winner, trick_points
        )
        events.append(won)
        team = winner & 1
        tricks = (*tricks, won)
        bonus = 0
        if last:
            bonus = core.match_bonus(terms.rules, sum(t.winner & 1 == team for t in tricks))
        credits.append((team, (trick_points + bonus) * m))
        hand_points = list(points)
        hand_points[team] += trick_points
        on_sheet = list(credited)
        for t, p in credits:
            on_sheet[t] += p
        state = SchieberHand(
            terms, held, winner, winner, (), tricks, weis_team, stoeck_shown,
            tuple(hand_points), tuple(on_sheet), actions,  # type: ignore[arg-type]
        )  # fmt: skip
        return state, events, credits

    def _compare_weis(self, events: list[Event]) -> tuple[int | None, int]:
        """After the first trick: the team with the best single Weis scores all of its Weis."""
        if not any(self.weis):
            return None, 0
        best = [key_code(weis_key(w[0], self.ci)) if w else None for w in self.weis]
        team = weis_winner(best, self.forehand)
        assert team is not None
        weis = [d for d in self.declarations() if d.kind != DeclarationKind.STOECK]
        scored = tuple(d for d in weis if team_of(d.seat) == team)
        lost = tuple(d for d in weis if team_of(d.seat) != team)
        total = sum(d.points for d in scored)
        events.append(DeclarationsScored(scored, lost, team, total * self.multiplier))
        return team, total

    # --- the hand's result ------------------------------------------------------------

    def declarations(self) -> list[Declaration]:
        """Every Weis held (in seat order) and the Stöck once shown."""
        out = [
            Declaration(s, kind, tuple(CARDS[c] for c in cards), points)
            for s in range(4)
            for kind, cards, points in self.weis[s]
        ]
        if self.stoeck_shown:
            out.append(self._stoeck())
        return out

    def declaration_scored(self, d: Declaration) -> bool:
        if d.kind == DeclarationKind.STOECK:
            return True
        return self.weis_team is not None and team_of(d.seat) == self.weis_team

    @property
    def match_team(self) -> int | None:
        """The team that took all nine tricks, if one did."""
        if not self.complete:
            return None
        teams = {team_of(t.winner) for t in self.tricks}
        return teams.pop() if len(teams) == 1 else None


def hands_from_codes(hands: list[list[str]]) -> tuple[int, ...]:
    return tuple(mask_of(Card.from_code(c) for c in h) for h in hands)
