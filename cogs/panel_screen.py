"""A player's private hand: the cards as buttons, the legal ones enabled, and the choices.

Only the player's own observation is read here; the message is ephemeral.  Cards and
contracts are drawn and named in the table's deck (:mod:`cogs.card_faces`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.card_faces import card_face, card_inline, cards_inline
from cogs.refs import PLAY_AGAIN, REFRESH, Ref, ref_of
from cogs.render import (
    GAME_NAMES,
    ButtonSpec,
    paused_text,
    scores_text,
    seat_name,
    side_name,
    suit_label,
    trick_text,
)
from cogs.screens import Screen, contract_text, embed_for, timestamp
from engine.actions import Bid, BidKind, Choose, Play, Push, Swap
from engine.cards import Card, Suit
from engine.phase import Phase
from tables.decks import contract_name, declaration_name
from tables.model import Table, TableStatus

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # black, red, black, red


def sorted_hand(hand: Sequence[Card], trump: Suit | None) -> list[Card]:
    """By suit, trump first, black and red alternating; high to low within a suit."""
    order = ([trump] if trump is not None else []) + [s for s in SUIT_ORDER if s != trump]
    return sorted(hand, key=lambda c: (order.index(c.suit), c.rank))


def trump_of(view: Any) -> Suit | None:
    contract = getattr(view, "contract", None)
    if contract is not None:
        return contract.trump
    return getattr(view, "trump", None)


def action_label(table: Table, view: Any, action: Any) -> str:
    match action:
        case Push():
            return f"Push to {_plain_seat(table, (action.seat + 2) % 4)}"
        case Choose(contract=contract):
            return contract_name(table.options.deck, contract)
        case Bid(kind=BidKind.TAKE):
            return f"Take {view.table_card.suit.symbol}"
        case Bid(kind=BidKind.PASS):
            return "Pass"
        case Bid(kind=BidKind.NAME, suit=suit):
            return f"Name {suit.symbol} {suit.word}"
        case Swap():
            seven = next(
                (c for c in view.hand if c.suit == view.trump and c.rank.code == "7"), None
            )
            return f"Swap {seven or 'the 7'} for {view.table_card}"
    return str(action)


def _plain_seat(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return "your partner" if s.user is not None else f"Bot {seat + 1}"


def situation_screen(table: Table, user: str) -> tuple[Screen | None, bool]:
    """What the user's open private hand shows now (None: leave it as it is), and True
    if that is the last thing it shows: they left, or the table closed."""
    seat = table.seat_of(user)
    if seat is None:
        return gone_screen(table, user), True
    if table.status is TableStatus.FINISHED and table.match is not None:
        return ended_screen(table, seat), True
    if table.status is TableStatus.CANCELLED:
        return cancelled_screen(table), True
    if table.match is None or not table.status.is_open:
        return None, False
    return panel_screen(table, seat), False


def gone_screen(table: Table, user: str) -> Screen:
    name = GAME_NAMES[table.game]
    left = next((s for s in table.seats if s.left == user and s.bot), None)
    if left is None:
        text = f"You no longer sit at {name} table #{table.id}."
    else:
        text = f"You left table #{table.id}; a {left.bot} bot plays your seat from now on."
    return Screen(embed=embed_for(table, f"{name} table #{table.id} — you left", text))


def ended_screen(table: Table, seat: int) -> Screen:
    """The match is over: its result, and Play again (the same seats once more)."""
    match = table.match
    name, side = GAME_NAMES[table.game], table.side_of(seat)
    high, low = sorted(match.scores, reverse=True)[:2]
    you = "You" if len(table.seats) == 2 else "Your team"
    winner = you if match.winner == side else side_name(table, match.winner)
    embed = embed_for(
        table, f"{name} table #{table.id} — the match is over", f"🏆 {winner} won, {high} to {low}."
    )
    embed.add_field(name=f"Match (to {match.rules.target})", value=scores_text(table, match.scores))
    button = ButtonSpec(Ref(table.id, PLAY_AGAIN), "Play again", "success")
    return Screen(embed=embed, buttons=(button,))


def cancelled_screen(table: Table) -> Screen:
    name = GAME_NAMES[table.game]
    text = (
        "The table was cancelled: nothing more is played there. Open a new one with "
        "`/jass schieber`, `/jass klaberjass` or `/jass quick`."
    )
    return Screen(embed=embed_for(table, f"{name} table #{table.id} — cancelled", text))


def panel_screen(table: Table, seat: int) -> Screen:
    """A player's private hand: cards as buttons, the legal ones enabled; a paused table
    shows the cards as text, with no button (none could do anything)."""
    name = GAME_NAMES[table.game]
    if table.match is None:
        return Screen(content=f"{name} table #{table.id} has not started yet.")
    view = table.match.observation(seat)
    embed = embed_for(
        table,
        f"Your hand · {name} table #{table.id} · hand {view.hand_number}",
        _panel_status(table, view),
    )
    embed.add_field(
        name="Contract" if table.game == "schieber" else "Trump",
        value=own_contract_text(table, view),
        inline=False,
    )
    deck = table.options.deck
    if view.trick:
        embed.add_field(name="This trick", value=trick_text(table, view.trick, show=card_inline))
    own = view.own_weis if table.game == "schieber" else view.own_sequences
    if own and not view.tricks:
        what = "Your Weis" if table.game == "schieber" else "Your sequences"
        text = "\n".join(
            f"{declaration_name(deck, d)} {cards_inline(deck, d.cards)} ({d.points})" for d in own
        )
        embed.add_field(name=f"{what} (declared with your first card)", value=text, inline=False)
    embed.add_field(name=f"Match (to {view.target})", value=scores_text(table, view.scores))
    playing = table.status is TableStatus.PLAYING
    if not playing:
        held = cards_inline(deck, sorted_hand(view.hand, trump_of(view))) or "—"
        embed.add_field(name="Your cards", value=held, inline=False)
        embed.set_footer(text="Only you see this.")
        return Screen(embed=embed)
    embed.set_footer(text="Only you see this. It updates as the table plays.")
    return Screen(embed=embed, buttons=tuple(_buttons(table, view)))


def _buttons(table: Table, view: Any) -> list[ButtonSpec]:
    seat, hand = view.seat, view.hand_number
    buttons: list[ButtonSpec] = []
    legal = set(view.legal)
    for i, card in enumerate(sorted_hand(view.hand, trump_of(view))):
        ok = Play(seat, card) in legal
        ref = Ref(table.id, "play", card.code, table.seq, hand, seat)
        label, emoji = card_face(table.options.deck, card)
        style = "primary" if ok else "secondary"
        buttons.append(ButtonSpec(ref, label, style, not ok, i // 5, emoji))
    others = [a for a in view.legal if not isinstance(a, Play)]
    for i, action in enumerate(others):
        style = "danger" if isinstance(action, Bid) and action.kind is BidKind.PASS else "success"
        ref = ref_of(action, table.id, table.seq, hand)
        buttons.append(ButtonSpec(ref, action_label(table, view, action), style, row=2 + i // 5))
    ref = Ref(table.id, REFRESH, "-", table.seq, hand, seat)
    buttons.append(ButtonSpec(ref, "↻ Refresh", row=4))
    return buttons


def own_contract_text(table: Table, view: Any) -> str:
    """The contract as the player reads it: they are "you", never a mention."""
    me = view.seat
    if table.game == "schieber" and view.contract is None and view.to_move == me:
        return "Your partner pushed: you choose." if view.pushed else "You choose (forehand)."
    text = contract_text(table, view).replace(seat_name(table, me), "you")
    return text[:1].upper() + text[1:]


def _panel_status(table: Table, view: Any) -> str:
    if table.status is TableStatus.FINISHED:
        return "The match is over."
    if table.status is TableStatus.CANCELLED:
        return "The table was cancelled."
    if table.status is TableStatus.PAUSED:
        return paused_text(table.id, table.pause_reason)
    me = table.seats[view.seat]
    if me.away:
        return (
            "Your clock ran out and a bot plays for you. Press any button to take your seat back."
        )
    if view.to_move is None:
        return "The hand is over; the next one is being dealt."
    if not view.my_turn:
        return f"Waiting for {seat_name(table, view.to_move)}."
    clock = f" Your clock runs out {timestamp(table.deadline)}." if table.deadline else ""
    if view.phase is Phase.CONTRACT:
        what = (
            "your partner pushed: choose the contract."
            if view.pushed
            else "choose the contract, or push it to your partner."
        )
    elif view.phase is Phase.BIDDING:
        what = (
            f"take {suit_label(view.table_card.suit)} or pass."
            if len(view.bids) < 2
            else "name another suit as trump, or pass."
        )
    else:
        what = "play a card."
        if any(isinstance(a, Swap) for a in view.legal):
            what += " You may first swap the trump 7 for the turn-up."
    return f"**Your turn:** {what}{clock}"
