"""One test per rule of rules/schieber.md."""

import random

import pytest

from engine.actions import Choose, Contract, Deal, Play, Push
from engine.cards import Card
from engine.errors import IllegalAction, OutOfTurn
from engine.events import ContractChosen, DeclarationsScored, MatchWon, StoeckDeclared
from engine.phase import Phase
from engine.schieber import core
from engine.schieber.hand import SchieberHand, clubs_seven_dealer, deal, hands_from_codes
from engine.schieber.match import SchieberMatch
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import best_weis, weis_key
from tests.engine.schieber_helpers import EXAMPLE_DEAL, choose, hand_of, legal_codes, play

H = Contract.HEARTS


def mask(codes: str) -> int:
    return hands_from_codes([codes.split()])[0]


# --- cards, seats, deal ---------------------------------------------------------------


@pytest.mark.parametrize("contract", list(Contract))
def test_card_points_total_152_in_every_contract(contract):
    assert sum(core.POINTS[core.CONTRACT_INDEX[contract]]) == 152


def test_undenufe_six_eleven_option_swaps_ace_and_six():
    assert core.POINTS_SIX_ELEVEN[Card.from_code("S6").index] == 11
    assert core.POINTS_SIX_ELEVEN[Card.from_code("SA").index] == 0
    assert core.POINTS[core.UNDENUFE][Card.from_code("SA").index] == 11


def test_a_seed_reproduces_a_deal_of_nine_cards_each():
    hands = deal(42)
    assert hands == deal(42) and hands != deal(43)
    assert [h.bit_count() for h in hands] == [9, 9, 9, 9]
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 36) - 1


def test_first_hand_dealer_makes_the_clubs_seven_holder_forehand():
    for seed in range(20):
        match, _ = SchieberMatch.new().apply(Deal(seed))
        forehand = match.hand.forehand
        assert Card.from_code("C7") in match.hand.hand_of(forehand)
        assert match.to_move == forehand


def test_dealer_moves_one_seat_on_each_hand():
    rng = random.Random(5)
    match, _ = SchieberMatch.new().apply(Deal(1))
    first = match.hand.dealer
    while match.to_move is not None:
        match, _ = match.apply(rng.choice(match.legal_actions()))
    match, _ = match.apply(Deal(2))
    assert match.hand.dealer == (first + 1) % 4
    assert match.hand_number == 2


def test_clubs_seven_dealer_is_the_seat_before_the_holder():
    assert clubs_seven_dealer(hands_from_codes(EXAMPLE_DEAL)) == 2


# --- choosing the contract -------------------------------------------------------------


def test_forehand_may_push_to_partner_who_must_choose():
    hand = hand_of()
    assert hand.to_move == 0
    hand, events, _ = hand.apply(Push(0))
    assert hand.to_move == 2
    assert Push(2) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="must choose"):
        hand.apply(Push(2))
    hand, events, _ = hand.apply(Choose(2, Contract.OBENABE))
    assert events == [ContractChosen(2, Contract.OBENABE, True)]
    assert hand.maker == 2 and hand.pushed


def test_forehand_leads_the_first_trick_whoever_chose():
    hand = choose(hand_of(), H, push=True)
    assert hand.to_move == 0 and hand.leader == 0


def test_all_six_contracts_can_be_chosen():
    assert {a.contract for a in hand_of().legal_actions() if isinstance(a, Choose)} == set(Contract)


def test_playing_before_the_contract_is_refused():
    with pytest.raises(IllegalAction, match="contract"):
        hand_of().apply(Play(0, Card.from_code("SA")))


def test_out_of_turn_action_is_refused_with_whose_turn():
    with pytest.raises(OutOfTurn, match="seat 0"):
        hand_of().apply(Choose(1, H))


# --- legal moves ----------------------------------------------------------------------


def test_may_trump_even_when_able_to_follow():
    hand = play(choose(hand_of(), H), "SA")
    assert legal_codes(hand) == ["H10", "HK", "HQ", "S10", "S6"]


def test_no_undertrumping_against_the_highest_of_two_trumps():
    # Spades led, seat 1 trumps with the K, seat 2 overtrumps with the A: seat 3 may
    # follow spades or trump higher than the A (J, 9), never the 7.
    hand = play(choose(hand_of(), H), "SA", "HK", "HA")
    assert legal_codes(hand) == ["H9", "HJ", "S8"]
    with pytest.raises(IllegalAction, match="undertrump the ♥A"):
        hand.apply(Play(3, Card.from_code("H7")))


def test_undertrumping_allowed_when_holding_only_trumps():
    deal = [
        "HJ H9 H7 H6 HQ H10 H8 HK HA".split(),
        "SA SK SQ SJ S10 S9 S8 S7 S6".split(),
        "DA DK DQ DJ D10 D9 D8 D7 D6".split(),
        "CA CK CQ CJ C10 C9 C8 C7 C6".split(),
    ]
    hand = choose(hand_of(deal, dealer=0), H)  # seat 1 is forehand
    hand = play(hand, "SA", "DA", "CA")
    assert legal_codes(hand) == sorted("HJ H9 H7 H6 HQ H10 H8 HK HA".split())


def test_when_unable_to_follow_any_card_but_an_undertrump():
    deal = [
        "SA SK SQ SJ S10 S9 S8 S7 S6".split(),
        "HJ H6 CA CK CQ CJ C10 C9 C8".split(),
        "H9 DA DK DQ DJ D10 D9 D8 D7".split(),
        "HA HK HQ H10 H8 H7 D6 C7 C6".split(),
    ]
    hand = choose(hand_of(deal, dealer=3), H)
    hand = play(hand, "SA", "HJ")  # seat 1 has no spades and trumps with the Puur
    # Seat 2 has no spades: any diamond, but the ♥9 would undertrump the Puur.
    assert "H9" not in legal_codes(hand)
    assert legal_codes(hand) == sorted("DA DK DQ DJ D10 D9 D8 D7".split())


def test_trump_lead_must_be_followed_with_trump():
    hand = play(choose(hand_of(), H), "H6")
    assert legal_codes(hand) == ["H10", "HK", "HQ"]
    with pytest.raises(IllegalAction, match="must play a trump"):
        hand.apply(Play(1, Card.from_code("S10")))


def test_puur_alone_need_not_be_played_on_a_trump_lead():
    deal = [
        "HA SK SQ SJ S10 S9 S8 S7 S6".split(),
        "HJ SA CA CK CQ CJ C10 C9 C8".split(),
        "H9 DA DK DQ DJ D10 D9 D8 D7".split(),
        "HK HQ H10 H8 H7 H6 D6 C7 C6".split(),
    ]
    hand = play(choose(hand_of(deal, dealer=3), H), "HA")
    assert legal_codes(hand) == sorted("HJ SA CA CK CQ CJ C10 C9 C8".split())


def test_puur_with_other_trumps_must_follow_trump():
    deal = [
        "HA SK SQ SJ S10 S9 S8 S7 S6".split(),
        "HJ H6 CA CK CQ CJ C10 C9 C8".split(),
        "H9 DA DK DQ DJ D10 D9 D8 D7".split(),
        "HK HQ H10 H8 H7 SA D6 C7 C6".split(),
    ]
    hand = play(choose(hand_of(deal, dealer=3), H), "HA")
    assert legal_codes(hand) == ["H6", "HJ"]


def test_no_trump_contract_must_follow_suit():
    hand = play(choose(hand_of(), Contract.OBENABE), "SA")
    assert legal_codes(hand) == ["S10", "S6"]
    with pytest.raises(IllegalAction, match="must follow ♠ spades"):
        hand.apply(Play(1, Card.from_code("HK")))


def test_must_follow_or_trump_message():
    hand = play(choose(hand_of(), H), "SA")
    with pytest.raises(IllegalAction, match="must follow ♠ spades or play a trump"):
        hand.apply(Play(1, Card.from_code("DA")))


def test_a_card_not_held_is_refused():
    with pytest.raises(IllegalAction, match="do not hold ♥J"):
        choose(hand_of(), H).apply(Play(0, Card.from_code("HJ")))


# --- trick winner and points -------------------------------------------------------------


def winner(contract: Contract, codes: str) -> int:
    trick = [Card.from_code(c).index for c in codes.split()]
    return core.trick_winner(core.CONTRACT_INDEX[contract], trick)


def test_highest_trump_wins_the_trick():
    assert winner(H, "SA H6 HJ H9") == 2
    assert winner(H, "H9 HA HK HQ") == 0


def test_highest_of_the_suit_led_wins_without_trump():
    assert winner(H, "S6 SA DA CA") == 1
    assert winner(Contract.OBENABE, "S10 SA DA SK") == 1


def test_lowest_of_the_suit_led_wins_in_undenufe():
    assert winner(Contract.UNDENUFE, "S10 S6 D6 SA") == 1


def test_a_played_out_hand_scores_157_trick_points():
    rng = random.Random(3)
    hand = choose(hand_of(), Contract.UNDENUFE)
    while not hand.complete:
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    assert sum(hand.points) == 157
    assert sum(t.points for t in hand.tricks) == 157


def test_match_bonus_257_times_multiplier():
    deal = [
        "HJ H9 HA HK HQ H10 H8 H7 H6".split(),
        "SA SK SQ SJ S10 S9 S8 S7 S6".split(),
        "DA DK DQ DJ D10 D9 D8 D7 D6".split(),
        "CA CK CQ CJ C10 C9 C8 C7 C6".split(),
    ]
    hand = choose(hand_of(deal, dealer=3), H)  # seat 0 holds every trump
    rng = random.Random(1)
    while not hand.complete:
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    assert hand.match_team == 0
    # Every seat holds a whole suit (100 + 50); seat 0's trump run wins the Weis, so team 0
    # scores its two players' 300 besides 157 + 100 Match and 20 Stöck, all × 2.
    assert hand.credited == ((257 + 300 + 20) * 2, 0)


# --- Weis ------------------------------------------------------------------------------


def test_sequence_points_3_4_5():
    assert [w[2] for w in best_weis(mask("S6 S7 S8"), 4)] == [20]
    assert [w[2] for w in best_weis(mask("S6 S7 S8 S9"), 4)] == [50]
    assert [w[2] for w in best_weis(mask("S6 S7 S8 S9 S10 SJ"), 4)] == [100]


def test_trump_order_is_not_a_sequence():
    assert best_weis(mask("HJ H9 HA"), 1) == []
    assert [w[2] for w in best_weis(mask("HJ H10 H9"), 1)] == [20]


def test_nine_cards_of_a_suit_are_150():
    weis = best_weis(mask("SA SK SQ SJ S10 S9 S8 S7 S6"), 0)
    assert sorted(w[2] for w in weis) == [50, 100]


def test_four_jacks_200_four_nines_nothing():
    assert [w[2] for w in best_weis(mask("SJ HJ DJ CJ"), 0)] == [200]
    assert best_weis(mask("S9 H9 D9 C9"), 0) == []


def test_a_card_counts_in_one_weis_only():
    weis = best_weis(mask("SA SK SQ SJ S10 HA DA CA D6"), 0)
    assert sorted(w[2] for w in weis) == [50, 100]  # four A + K-Q-J-10, not A-K-Q-J-10


def test_five_sequence_beats_four_kings():
    five, king = best_weis(mask("S6 S7 S8 S9 S10"), 4)[0], best_weis(mask("SK HK DK CK"), 4)[0]
    assert weis_key(five, 4) > weis_key(king, 4)


def test_six_sequence_beats_five_sequence():
    six, five = (
        best_weis(mask("S6 S7 S8 S9 S10 SJ"), 4)[0],
        best_weis(mask("HA HK HQ HJ H10"), 4)[0],
    )
    assert weis_key(six, 4) > weis_key(five, 4)


def test_higher_sequence_wins_and_undenufe_reverses():
    high, low = best_weis(mask("SA SK SQ"), 4)[0], best_weis(mask("H8 H7 H6"), 4)[0]
    assert weis_key(high, 4) > weis_key(low, 4)
    assert weis_key(low, core.UNDENUFE) > weis_key(high, core.UNDENUFE)


def test_trump_sequence_beats_equal_plain_one():
    trump, plain = best_weis(mask("HA HK HQ"), 1)[0], best_weis(mask("SA SK SQ"), 1)[0]
    assert weis_key(trump, 1) > weis_key(plain, 1)


def test_equal_weis_go_to_the_earlier_player():
    deal = [
        "SA SK SQ H6 H7 D9 C6 C8 C10".split(),
        "HA HK HQ S6 S8 D10 C7 C9 CJ".split(),
        "DA DK DQ S7 S9 H8 H10 CQ CK".split(),
        "CA DJ D8 D7 D6 SJ S10 HJ H9".split(),
    ]
    # Seat 0 (forehand) and seat 1 hold equal plain A-K-Q in Obenabe; seat 2 also.
    hand = choose(hand_of(deal, dealer=3), Contract.OBENABE)
    hand, events, _ = play(hand, "C6", "C7", "CQ").apply(Play(3, Card.from_code("CA")))
    scored = next(e for e in events if isinstance(e, DeclarationsScored))
    assert scored.side == 0 and scored.points == 2 * 20 * 3
    assert {d.seat for d in scored.scored} == {0, 2}


def test_only_the_team_with_the_best_weis_scores_all_its_weis():
    hand = choose(hand_of(), H)
    hand, events, _ = hand.apply(Play(0, Card.from_code("SA")))
    hand = play(hand, "HK", "S9")
    hand, events, _ = hand.apply(Play(3, Card.from_code("S8")))
    scored = next(e for e in events if isinstance(e, DeclarationsScored))
    assert scored.side == 0 and scored.points == (50 + 20) * 2
    assert [d.seat for d in scored.lost] == [3]  # seat 3's D-K-Q-J loses to the 4-sequence


def test_weis_option_off_declares_nothing():
    hand = choose(hand_of(weis=False), H)
    assert hand.declarations() == []


# --- Stöck ------------------------------------------------------------------------------


def test_stoeck_announced_with_the_second_card_and_kept_after_a_lost_weis():
    hand = play(choose(hand_of(), H), "SA", "HK", "S9", "S8")  # team 0 wins the Weis
    hand, events, _ = hand.apply(Play(1, Card.from_code("HQ")))
    stoeck = next(e for e in events if isinstance(e, StoeckDeclared))
    assert stoeck.declaration.seat == 1 and stoeck.points == 40
    hand = play(hand, "HA", "H7", "H6")
    assert hand.credited[1] >= 40


def test_no_stoeck_in_obenabe():
    hand = choose(hand_of(), Contract.OBENABE)
    assert hand.stoeck_seat is None


def test_seed_example_332_against_162():
    """(96 + 70) × 2 = 332 against (61 + 20) × 2 = 162, as in the seed."""
    rng = random.Random(5535)  # found by search: this play gives the seed's 96 against 61
    hand = choose(hand_of(), H)  # team 0 holds 50 + 20 in Weis, seat 1 the Stöck
    while not hand.complete:
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    assert hand.points == (96, 61)
    assert hand.credited == (332, 162)


# --- winning the match -----------------------------------------------------------------


def test_target_reached_by_stoeck_before_trick_points():
    rules = SchieberRules.from_options({"weis": False})
    hand = choose(SchieberHand.start(rules, 3, hands_from_codes(EXAMPLE_DEAL)), H)
    match = SchieberMatch(rules, scores=(2990, 2960), hand=hand, hand_number=1)
    for code in ("SA", "HK", "S9", "S8", "HQ", "HA", "H7"):
        match, events = match.apply(Play(match.to_move, Card.from_code(code)))
    # The last card: team 0's ♥A wins 14 × 2 points, but the Stöck (20 × 2) comes first.
    match, events = match.apply(Play(0, Card.from_code("H6")))
    assert match.winner == 1 and match.scores == (2990, 3030)
    assert match.phase is Phase.OVER and isinstance(events[-1], MatchWon)
    with pytest.raises(IllegalAction, match="over"):
        match.apply(Deal(1))


def test_match_played_to_the_target():
    rng = random.Random(11)
    match = SchieberMatch.new({"preset": "tournament-1000"})
    while match.winner is None:
        action = Deal(rng.randrange(1 << 30)) if match.to_move is None else None
        match, _ = match.apply(action or rng.choice(match.legal_actions()))
    assert max(match.scores) >= 1000
    assert match.scores[match.winner] >= 1000
    assert sum(map(sum, match.sheet)) == sum(match.scores)


# --- presets ---------------------------------------------------------------------------


def test_preset_pagat_3000():
    rules = SchieberRules.from_options({})
    assert rules.target == 3000 and rules.multiplier(Contract.UNDENUFE) == 4
    assert rules.weis and rules.stoeck and rules.match_bonus


def test_preset_swisslos_2500():
    rules = SchieberRules.from_options({"preset": "swisslos-2500"})
    assert rules.target == 2500
    assert [rules.multiplier(c) for c in Contract] == [1, 2, 2, 1, 3, 3]


def test_preset_tournament_1000_counts_only_tricks():
    hand = choose(hand_of(preset="tournament-1000"), H)
    assert hand.declarations() == [] and hand.stoeck_seat is None
    assert hand.multiplier == 1


def test_single_options_beside_a_preset_and_unknown_ones_refused():
    rules = SchieberRules.from_options({"preset": "pagat-3000", "target": 1500, "weis": False})
    assert rules.target == 1500 and not rules.weis and rules.stoeck
    assert rules.to_options() == {"preset": "pagat-3000", "target": 1500, "weis": False}
    with pytest.raises(ValueError, match="unknown rule option"):
        SchieberRules.from_options({"colour": "red"})
    with pytest.raises(ValueError, match="unknown preset"):
        SchieberRules.from_options({"preset": "bieter"})
