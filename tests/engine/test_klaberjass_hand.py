"""One Klaberjass hand: bidding, the 7 swap, play, sequences, Bela and the maker rule."""

import dataclasses

import pytest

from engine.actions import Bid, BidKind, Play, Swap
from engine.cards import Card, Suit
from engine.errors import IllegalAction, OutOfTurn
from engine.events import (
    BidMade,
    DeclarationsScored,
    StoeckDeclared,
    TrickWon,
    TrumpFixed,
    TrumpSwapped,
    WeisAnnounced,
)
from engine.klaberjass import KlaberjassHand
from engine.klaberjass.core import POINTS
from engine.phase import Phase

TAKE, PASS, NAME = BidKind.TAKE, BidKind.PASS, BidKind.NAME


def nine(dealer: int, seat0: str, seat1: str, turn_up: str) -> KlaberjassHand:
    """A hand from each seat's nine cards: the first six dealt, the last three after bidding."""
    s0, s1 = seat0.split(), seat1.split()
    return KlaberjassHand.from_codes(dealer, [s0[:6], s1[:6]], turn_up, [s0[6:], s1[6:]])


def run(hand: KlaberjassHand, *actions):
    """Apply actions; plays may be given as (seat, code).  Returns the hand and all events."""
    events = []
    for a in actions:
        if isinstance(a, tuple):
            a = Play(a[0], Card.from_code(a[1]))
        hand, new, _ = hand.apply(a)
        events.extend(new)
    return hand, events


def codes(cards) -> set[str]:
    return {c.code for c in cards}


# A deal where no one holds a sequence or Bela; dealer 0, so seat 1 is the elder.
DEALER_HAND = "HA H10 DA D10 CA C10 S8 D9 C9"
ELDER_HAND = "HJ H9 SA S10 D7 D8 C7 C8 S7"
# Each play legal; elder wins 11 + 14 + 31 + 10 = 66, dealer 20 + 11 + 10 + 11 + 10 = 62.
SCRIPT = [
    (1, "SA"), (0, "S8"),
    (1, "S10"), (0, "H10"),
    (0, "DA"), (1, "D7"),
    (0, "D10"), (1, "D8"),
    (0, "CA"), (1, "C7"),
    (0, "C10"), (1, "C8"),
    (0, "D9"), (1, "H9"),
    (1, "HJ"), (0, "HA"),
    (1, "S7"), (0, "C9"),
]  # fmt: skip


def scripted(dealer_hand: str = DEALER_HAND, elder_hand: str = ELDER_HAND) -> KlaberjassHand:
    return nine(0, dealer_hand, elder_hand, "HK")


# --- bidding -----------------------------------------------------------------------------


def test_round_one_take_by_elder():
    hand = scripted()
    assert hand.phase is Phase.BIDDING and hand.to_move == 1 == hand.elder
    assert len(hand.hand_of(1)) == 6
    hand, events = run(hand, Bid(1, TAKE))
    assert events == [BidMade(1, TAKE, Suit.HEARTS), TrumpFixed(1, Suit.HEARTS)]
    assert (hand.trump, hand.maker, hand.named) == (Suit.HEARTS, 1, False)
    assert hand.phase is Phase.PLAY and hand.to_move == 1  # the elder leads
    assert codes(hand.hand_of(0)) == set(DEALER_HAND.split())
    assert codes(hand.hand_of(1)) == set(ELDER_HAND.split())


def test_round_one_take_by_dealer():
    hand, events = run(scripted(), Bid(1, PASS), Bid(0, TAKE))
    assert events[-1] == TrumpFixed(0, Suit.HEARTS)
    assert (hand.trump, hand.maker, hand.to_move) == (Suit.HEARTS, 0, 1)


def test_round_two_name_by_elder():
    hand = run(scripted(), Bid(1, PASS), Bid(0, PASS))[0]
    names = {a.suit for a in hand.legal_actions() if a.kind is NAME}
    assert names == {Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS}
    hand, events = run(hand, Bid(1, NAME, Suit.SPADES))
    assert events[-1] == TrumpFixed(1, Suit.SPADES)
    assert (hand.trump, hand.maker, hand.named, hand.to_move) == (Suit.SPADES, 1, True, 1)


def test_round_two_name_by_dealer():
    hand, _ = run(scripted(), Bid(1, PASS), Bid(0, PASS), Bid(1, PASS), Bid(0, NAME, Suit.CLUBS))
    assert (hand.trump, hand.maker, hand.to_move) == (Suit.CLUBS, 0, 1)


def test_round_two_refuses_the_turn_up_suit():
    hand = run(scripted(), Bid(1, PASS), Bid(0, PASS))[0]
    with pytest.raises(IllegalAction, match="You may not name the turn-up's suit in the second"):
        hand.apply(Bid(1, NAME, Suit.HEARTS))
    with pytest.raises(IllegalAction, match="second round you may name another suit or pass"):
        hand.apply(Bid(1, TAKE))


def test_round_one_offers_only_take_or_pass():
    hand = scripted()
    assert hand.legal_actions() == [Bid(1, TAKE), Bid(1, PASS)]
    with pytest.raises(IllegalAction, match="first round you may take ♥ hearts or pass"):
        hand.apply(Bid(1, NAME, Suit.SPADES))


def test_bidding_out_of_turn():
    with pytest.raises(OutOfTurn):
        scripted().apply(Bid(0, TAKE))
    with pytest.raises(IllegalAction, match="Trump has not been fixed"):
        scripted().apply(Play(1, Card.from_code("SA")))


def test_four_passes_annul_the_hand():
    hand, _ = run(scripted(), Bid(1, PASS), Bid(0, PASS), Bid(1, PASS), Bid(0, PASS))
    assert hand.annulled and hand.phase is Phase.OVER and not hand.complete
    assert hand.legal_actions() == [] and hand.trump is None and hand.credited == (0, 0)
    with pytest.raises(IllegalAction, match="annulled"):
        hand.apply(Bid(1, TAKE))


# --- the 7 swap ----------------------------------------------------------------------------

# Dealer 0 holds the ♥7; the turn-up is the ♥K.
SWAP_DEALER = "H7 HA DA D10 CA C10 S8 D9 C9"
SWAP_ELDER = "HJ H9 SA S10 D7 D8 C7 C8 S7"


def test_swap_allowed_before_the_first_card():
    hand = run(nine(0, SWAP_DEALER, SWAP_ELDER, "HK"), Bid(1, TAKE))[0]
    hand = run(hand, (1, "SA"))[0]  # the elder leads; the dealer has not played yet
    assert Swap(0) in hand.legal_actions()
    hand, events = run(hand, Swap(0))
    assert events == [TrumpSwapped(0, Card.from_code("H7"), Card.from_code("HK"))]
    assert "HK" in codes(hand.hand_of(0)) and "H7" not in codes(hand.hand_of(0))
    assert hand.table_card == Card.from_code("H7") and hand.swapped_by == 0
    assert Swap(0) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="already been swapped"):
        hand.apply(Swap(0))


def test_swap_by_the_elder_before_leading_and_out_of_turn():
    hand = run(nine(0, SWAP_ELDER, SWAP_DEALER, "HK"), Bid(1, PASS), Bid(0, TAKE))[0]
    assert Swap(1) in hand.legal_actions()
    assert run(hand, Swap(1))[0].swapped_by == 1
    # The dealer may swap while the elder is to move, too: "at any time before his first card".
    hand = run(nine(0, SWAP_DEALER, SWAP_ELDER, "HK"), Bid(1, TAKE))[0]
    assert hand.to_move == 1 and run(hand, Swap(0))[0].swapped_by == 0


def test_swap_refused_when_trump_was_named():
    hand = nine(0, SWAP_DEALER, SWAP_ELDER, "SK")  # spades proposed; both pass, then hearts named
    hand = run(hand, Bid(1, PASS), Bid(0, PASS), Bid(1, NAME, Suit.HEARTS))[0]
    assert Swap(0) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="trump was named"):
        hand.apply(Swap(0))


def test_swap_refused_after_the_first_card():
    hand = run(nine(0, SWAP_DEALER, SWAP_ELDER, "HK"), Bid(1, TAKE), (1, "SA"), (0, "S8"))[0]
    with pytest.raises(IllegalAction, match="You may only swap the trump 7 before your first card"):
        hand.apply(Swap(0))


def test_swap_refused_without_the_trump_7():
    hand = run(nine(0, SWAP_DEALER, SWAP_ELDER, "HK"), Bid(1, TAKE))[0]
    assert Swap(1) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="Only the trump 7 can be swapped for the turn-up"):
        hand.apply(Swap(1))


def test_swap_can_complete_bela():
    # The dealer holds ♥Q and ♥7; swapping the 7 for the turned-up ♥K gives him Bela.
    hand = nine(0, "H7 HQ DA D10 CA C10 S8 D9 C9", SWAP_ELDER, "HK")
    hand = run(hand, Bid(1, TAKE), Swap(0))[0]
    assert hand.bela_seat == 0


# --- play --------------------------------------------------------------------------------


def test_follow_suit():
    hand = run(scripted(), Bid(1, TAKE), (1, "SA"))[0]
    assert codes(hand.legal_cards()) == {"S8"}
    with pytest.raises(IllegalAction, match="You must follow ♠ spades"):
        hand.apply(Play(0, Card.from_code("DA")))


def test_must_trump_when_void():
    hand = run(scripted(), Bid(1, TAKE), *SCRIPT[:2], (1, "S10"))[0]
    assert codes(hand.legal_cards()) == {"HA", "H10"}
    with pytest.raises(IllegalAction, match="You must trump: you have no ♠ spades"):
        hand.apply(Play(0, Card.from_code("DA")))


def test_overtrump_on_a_trump_lead():
    # The elder leads the ♥9; the dealer must beat it with the ♥J although he holds ♥A and ♥10.
    hand = nine(0, "HJ HA H10 DA D10 CA C10 S8 D9", "H9 SA S10 D7 D8 C7 C8 S7 C9", "HK")
    hand = run(hand, Bid(1, TAKE), (1, "H9"))[0]
    assert codes(hand.legal_cards()) == {"HJ"}
    with pytest.raises(IllegalAction, match="You must play a higher trump: you hold ♥J"):
        hand.apply(Play(0, Card.from_code("HA")))


def test_trick_winner_and_lead():
    hand, events = run(scripted(), Bid(1, TAKE), *SCRIPT[:4])
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert [(t.leader, t.winner, t.points) for t in tricks] == [(1, 1, 11), (1, 0, 20)]
    assert hand.to_move == hand.leader == 0  # the winner leads


def test_playing_out_of_turn():
    hand = run(scripted(), Bid(1, TAKE))[0]
    with pytest.raises(OutOfTurn, match="not your turn"):
        hand.apply(Play(0, Card.from_code("S8")))


def test_last_trick_scores_10():
    hand, events = run(scripted(), Bid(1, TAKE), *SCRIPT)
    last = [e for e in events if isinstance(e, TrickWon)][-1]
    assert last.number == 9 and last.cards == (Card.from_code("S7"), Card.from_code("C9"))
    assert last.points == 0 + 10
    assert sum(t.points for t in hand.tricks) == 118 + 10  # the 18 cards played, plus 10
    assert hand.complete and hand.phase is Phase.OVER and hand.points == (62, 66)
    with pytest.raises(IllegalAction, match="The hand is over"):
        hand.apply(Play(1, Card.from_code("S7")))


# --- sequences and Bela ------------------------------------------------------------------


def first_legal_playout(hand: KlaberjassHand):
    events = []
    while not hand.complete:
        play = next(a for a in hand.legal_actions() if isinstance(a, Play))
        hand, new, _ = hand.apply(play)
        events.extend(new)
    return hand, events


def test_sequences_announced_with_the_first_card_and_scored_after_the_first_trick():
    # Seat 0 holds ♠Q-K-A (20), seat 1 ♦9-10-J (20): the ace-high run scores, the other not.
    hand = nine(0, "SA SK SQ C7 C9 H8 HJ D7 CA", "DJ D10 D9 S7 C8 H9 HA S8 CK", "HK")
    hand, events = run(hand, Bid(1, TAKE), (1, "S7"))
    assert WeisAnnounced(1, 20) in events
    hand, events = run(hand, (0, "SA"))
    assert WeisAnnounced(0, 20) in events
    scored = next(e for e in events if isinstance(e, DeclarationsScored))
    assert scored.side == 0 and scored.points == 20
    assert [d.seat for d in scored.scored] == [0] and [d.seat for d in scored.lost] == [1]
    assert [c.code for c in scored.lost[0].cards] == ["D9", "D10", "DJ"]
    hand, _ = first_legal_playout(hand)
    assert hand.own_totals == (hand.points[0] + 20, hand.points[1])


def test_sequence_winner_scores_all_his_sequences():
    hand = nine(0, "SA SK SQ C7 C8 C9 HJ D7 CA", "DJ D10 D9 S7 H8 H9 HA S8 CK", "HK")
    hand, _ = first_legal_playout(run(hand, Bid(1, TAKE))[0])
    assert hand.sequence_seat == 0
    assert hand.own_totals == (hand.points[0] + 40, hand.points[1])
    scored = [d for d in hand.declarations() if hand.declaration_scored(d)]
    assert [(d.seat, d.points) for d in scored] == [(0, 20), (0, 20)]


def test_sequences_full_tie_nobody_scores():
    hand = nine(0, "SA SK SQ C7 C9 H8 HJ D7 CA", "DA DK DQ S7 C8 H9 HA S8 CK", "HK")
    hand, _ = first_legal_playout(run(hand, Bid(1, TAKE))[0])
    assert hand.sequence_seat is None and hand.own_totals == hand.points
    assert not any(hand.declaration_scored(d) for d in hand.declarations())


def test_bela_scores_even_when_sequences_are_lost():
    # Seat 0: ♥K ♥Q (Bela) and ♠7-8-9 (20); seat 1: ♦J-Q-K-A (50) wins the sequences.
    hand = nine(0, "HK HQ S7 S8 S9 C7 C9 H8 CA", "DA DK DQ DJ HJ H9 SA C8 S10", "HA")
    hand, events = first_legal_playout(run(hand, Bid(1, TAKE))[0])
    bela = [e for e in events if isinstance(e, StoeckDeclared)]
    assert len(bela) == 1 and bela[0].points == 20
    assert bela[0].declaration.kind == "bela" and bela[0].declaration.seat == 0
    assert [c.code for c in bela[0].declaration.cards] == ["HK", "HQ"]
    assert hand.sequence_seat == 1
    assert hand.own_totals == (hand.points[0] + 20, hand.points[1] + 50)
    shown = {(d.seat, d.kind): hand.declaration_scored(d) for d in hand.declarations()}
    assert shown == {(0, "sequence"): False, (1, "sequence"): True, (0, "bela"): True}


def test_bela_announced_with_the_second_of_king_and_queen():
    hand = nine(0, "HK HQ S7 S8 S9 C7 C9 H8 CA", "DA DK DQ DJ HJ H9 SA C8 S10", "HA")
    hand, _ = run(hand, Bid(1, TAKE), (1, "C8"), (0, "CA"))
    hand, events = run(hand, (0, "HK"), (1, "H9"), (1, "SA"), (0, "S7"), (1, "DA"))
    assert not any(isinstance(e, StoeckDeclared) for e in events) and not hand.bela_shown
    hand, events = run(hand, (0, "HQ"))  # void in ♦: must trump
    assert any(isinstance(e, StoeckDeclared) for e in events) and hand.bela_shown


# --- the maker rule ----------------------------------------------------------------------


def test_maker_winning_keeps_each_total():
    hand = run(scripted(), Bid(1, TAKE))[0]
    hand, _ = run(hand, *SCRIPT[:-1])
    final, _, credits = hand.apply(Play(0, Card.from_code("C9")))
    assert final.own_totals == (62, 66)
    assert credits == [(0, 62), (1, 66)] and final.credited == (62, 66)
    assert not final.maker_failed


def test_maker_losing_gives_the_opponent_both_totals():
    hand, _ = run(scripted(), Bid(1, PASS), Bid(0, TAKE), *SCRIPT)
    assert hand.maker == 0 and hand.own_totals == (62, 66)
    assert hand.credited == (0, 128) and hand.maker_failed


def test_maker_tying_loses():
    # The elder's ♦7 becomes the ♦K, played on the dealer's ♦A: 66 each.
    elder = ELDER_HAND.replace("D7", "DK")
    script = [(s, "DK" if card == "D7" else card) for s, card in SCRIPT]
    hand, _ = run(scripted(elder_hand=elder), Bid(1, TAKE), *script)
    assert hand.own_totals == (66, 66)
    assert hand.credited == (132, 0) and hand.maker_failed


def test_trick_points_are_the_card_values():
    hand, _ = run(scripted(), Bid(1, TAKE), *SCRIPT)
    for trick in hand.tricks:
        values = sum(POINTS[Suit.HEARTS][c.index] for c in trick.cards)
        assert trick.points == values + (10 if trick.number == 9 else 0)


def test_the_fast_state_copy_equals_dataclasses_replace():
    hand = run(scripted(), Bid(1, TAKE), (1, "SA"))[0]
    changes = {"to_move": 0, "trick": (), "bela_shown": True, "points": (3, 4)}
    assert hand._evolve(**changes) == dataclasses.replace(hand, **changes)
    assert hand._evolve() == hand and hand._evolve() is not hand
    with pytest.raises(AssertionError, match="not fields"):
        hand._evolve(score=1)
