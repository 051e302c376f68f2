"""Klaberjass rule tables and fast functions (engine/klaberjass/core.py)."""

from engine.cards import PIQUET_DECK, Card, Suit, indices_of, mask_of
from engine.klaberjass import core

SPADES, HEARTS, DIAMONDS, CLUBS = Suit
TRUMP_ORDER = ["HJ", "H9", "HA", "H10", "HK", "HQ", "H8", "H7"]
PLAIN_ORDER = ["SA", "S10", "SK", "SQ", "SJ", "S9", "S8", "S7"]


def c(code: str) -> int:
    return Card.from_code(code).index


def m(codes: str) -> int:
    return mask_of(Card.from_code(x) for x in codes.split())


def codes(mask: int) -> set[str]:
    return {Card.at(i).code for i in indices_of(mask)}


def seq(codes: str) -> core.Sequence:
    """A sequence from its cards listed low to high."""
    cards = tuple(c(x) for x in codes.split())
    return cards, 20 if len(cards) == 3 else 50


# --- values ------------------------------------------------------------------------------


def test_card_values_trump_and_plain():
    trump = {x: core.POINTS[HEARTS][c(x)] for x in TRUMP_ORDER}
    plain = {x: core.POINTS[HEARTS][c(x)] for x in PLAIN_ORDER}
    assert trump == {"HJ": 20, "H9": 14, "HA": 11, "H10": 10, "HK": 4, "HQ": 3, "H8": 0, "H7": 0}
    assert plain == {"SA": 11, "S10": 10, "SK": 4, "SQ": 3, "SJ": 2, "S9": 0, "S8": 0, "S7": 0}


def test_the_deck_holds_152_card_points():
    for trump in Suit:
        assert sum(core.POINTS[trump][i] for i in indices_of(PIQUET_DECK)) == 152


# --- following -----------------------------------------------------------------------------


def test_leading_any_card():
    hand = m("HJ SA D7")
    assert core.legal_mask(HEARTS, hand, core.NO_CARD) == hand


def test_follow_suit_any_card_of_the_suit_led():
    hand = m("S7 SA HJ D7")
    assert codes(core.legal_mask(HEARTS, hand, c("SK"))) == {"S7", "SA"}
    assert core.illegal_reason(HEARTS, hand, c("SK"), c("HJ")) == "You must follow ♠ spades."
    assert core.illegal_reason(HEARTS, hand, c("SK"), c("D7")) == "You must follow ♠ spades."


def test_must_trump_when_void_in_the_suit_led():
    hand = m("H7 HJ D7 CA")
    assert codes(core.legal_mask(HEARTS, hand, c("SA"))) == {"H7", "HJ"}  # any trump
    assert core.illegal_reason(HEARTS, hand, c("SA"), c("CA")) == (
        "You must trump: you have no ♠ spades."
    )


def test_any_card_without_the_suit_led_or_a_trump():
    hand = m("D7 CA C8")
    assert core.legal_mask(HEARTS, hand, c("SA")) == hand


def test_overtrump_when_trump_is_led():
    hand = m("H9 H7 HK SA")
    assert codes(core.legal_mask(HEARTS, hand, c("HA"))) == {"H9"}
    assert core.illegal_reason(HEARTS, hand, c("HA"), c("HK")) == (
        "You must play a higher trump: you hold ♥9."
    )
    assert core.illegal_reason(HEARTS, hand, c("HA"), c("SA")) == (
        "You must play a higher trump: you hold ♥9."
    )


def test_any_trump_when_no_higher_trump_and_any_card_without_trumps():
    hand = m("H7 HK SA")
    assert codes(core.legal_mask(HEARTS, hand, c("H9"))) == {"H7", "HK"}
    assert core.illegal_reason(HEARTS, hand, c("H9"), c("SA")) == "You must follow ♥ hearts."
    assert core.legal_mask(HEARTS, m("SA D7"), c("H9")) == m("SA D7")


def test_playing_a_card_not_held():
    assert core.illegal_reason(HEARTS, m("SA"), core.NO_CARD, c("S7")) == "You do not hold ♠7."


# --- tricks ------------------------------------------------------------------------------


def test_trick_winner():
    assert core.trick_winner(HEARTS, c("SA"), c("H7")) == 1  # the lowest trump beats an ace
    assert core.trick_winner(HEARTS, c("S9"), c("S10")) == 1  # the 10 ranks above the K and 9
    assert core.trick_winner(HEARTS, c("S10"), c("SK")) == 0
    assert core.trick_winner(HEARTS, c("SJ"), c("DA")) == 0  # a discard never wins
    assert core.trick_winner(HEARTS, c("H9"), c("HJ")) == 1  # trump J over 9
    assert core.trick_winner(HEARTS, c("HA"), c("H9")) == 1  # trump 9 over A
    assert core.trick_winner(HEARTS, c("H10"), c("HK")) == 0


def test_trump_order():
    order = TRUMP_ORDER
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert core.trick_winner(HEARTS, c(low), c(high)) == 1
            assert core.trick_winner(HEARTS, c(high), c(low)) == 0


# --- sequences ---------------------------------------------------------------------------


def test_sequences_three_is_20_and_four_or_more_is_50():
    found = core.sequences(m("H7 H8 H9 SA SK SQ SJ DA D10 CK"))
    assert found == (seq("SJ SQ SK SA"), seq("H7 H8 H9"))
    assert core.sequences(m("S7 S8 S9 S10 SJ SQ SK SA")) == (seq("S7 S8 S9 S10 SJ SQ SK SA"),)
    assert core.sequences(m("HA HK HJ H10 H7")) == ()  # gaps break a run
    assert core.sequences(m("H9 H10 HJ")) == (seq("H9 H10 HJ"),)  # natural order, also in trump


def winner(first: tuple, second: tuple, trump: int) -> int | None:
    """Whose sequences score, the players holding ``first`` and ``second``."""
    keys = [
        core.sequence_key(tuple(c for cards, _ in q for c in cards), trump) for q in (first, second)
    ]
    return core.sequence_winner(*keys)


def test_best_sequence_higher_points_wins():
    assert winner((seq("S7 S8 S9 S10"),), (seq("HQ HK HA"),), CLUBS) == 0


def test_best_sequence_same_points_higher_top_card_wins():
    assert winner((seq("S9 S10 SJ"),), (seq("DQ DK DA"),), CLUBS) == 1
    # Four or more all score 50: a run of four topped by an ace beats five topped by a king.
    five = seq("S9 S10 SJ SQ SK")
    assert winner((five,), (seq("DJ DQ DK DA"),), CLUBS) == 1


def test_best_sequence_trump_breaks_a_tie():
    plain, trump = seq("S10 SJ SQ"), seq("H10 HJ HQ")
    assert winner((plain,), (trump,), HEARTS) == 1
    assert winner((trump,), (plain,), HEARTS) == 0


def test_best_sequence_full_tie_nobody_scores():
    assert winner((seq("S10 SJ SQ"),), (seq("D10 DJ DQ"),), HEARTS) is None
    # Only the best sequences are compared: the extra run does not break the tie.
    both = (seq("S10 SJ SQ"), seq("C7 C8 C9"))
    assert winner(both, (seq("D10 DJ DQ"),), HEARTS) is None


def test_sequences_of_one_player_only():
    assert winner((), (seq("C7 C8 C9"),), HEARTS) == 1
    assert winner((seq("C7 C8 C9"),), (), HEARTS) == 0
    assert winner((), (), HEARTS) is None


# --- the maker rule ----------------------------------------------------------------------


def test_seed_example_126_against_76_each_keeps_his_own():
    maker = 96 + 10 + 20  # card points, last trick, a sequence
    opponent = 56 + 20  # card points, Bela
    assert (maker, opponent) == (126, 76)
    assert core.settle(0, (126, 76)) == (126, 76)
    assert core.settle(1, (76, 126)) == (76, 126)


def test_seed_example_maker_at_or_under_the_opponent_loses_both_totals():
    assert core.settle(0, (76, 126)) == (0, 202)
    assert core.settle(1, (126, 76)) == (202, 0)


def test_maker_tie_is_a_loss():
    assert core.settle(0, (81, 81)) == (0, 162)
    assert core.settle(1, (81, 81)) == (162, 0)
