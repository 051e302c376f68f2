"""A player's private hand: the cards as buttons, the legal ones enabled, and the choices.

Only the player's own observation is read here; the message is ephemeral.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.refs import REFRESH, Ref, ref_of
from cogs.render import (
    GAME_NAMES,
    ButtonSpec,
    cards,
    paused_text,
    scores_text,
    seat_name,
    suit_label,
    trick_text,
)
from cogs.screens import Screen, contract_text, embed_for, timestamp
from engine.actions import Bid, BidKind, Choose, Play, Push, Swap
from engine.cards import Card, Suit
from engine.phase import Phase
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
            return contract.label
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


def panel_screen(table: Table, seat: int) -> Screen:
    """A player's private hand: cards as buttons, the legal ones enabled."""
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
        value=contract_text(table, view),
        inline=False,
    )
    if view.trick:
        embed.add_field(name="On the table", value=trick_text(table, view.trick), inline=False)
    own = view.own_weis if table.game == "schieber" else view.own_sequences
    if own and not view.tricks:
        what = "Your Weis" if table.game == "schieber" else "Your sequences"
        text = "\n".join(f"{d.name} {cards(d.cards)} ({d.points})" for d in own)
        embed.add_field(name=f"{what} (declared with your first card)", value=text, inline=False)
    embed.add_field(name=f"Match (to {view.target})", value=scores_text(table, view.scores))
    embed.set_footer(text="Only you see this. It updates as the table plays.")
    playing = table.status is TableStatus.PLAYING
    hand = view.hand_number
    buttons: list[ButtonSpec] = []
    legal = set(view.legal) if playing else set()
    for i, card in enumerate(sorted_hand(view.hand, trump_of(view))):
        ok = Play(seat, card) in legal
        ref = Ref(table.id, "play", card.code, table.seq, hand, seat)
        buttons.append(ButtonSpec(ref, str(card), "primary" if ok else "secondary", not ok, i // 5))
    others = [a for a in view.legal if not isinstance(a, Play)] if playing else []
    for i, action in enumerate(others):
        style = "danger" if isinstance(action, Bid) and action.kind is BidKind.PASS else "success"
        ref = ref_of(action, table.id, table.seq, hand)
        buttons.append(ButtonSpec(ref, action_label(table, view, action), style, row=2 + i // 5))
    if playing:
        ref = Ref(table.id, REFRESH, "-", table.seq, hand, seat)
        buttons.append(ButtonSpec(ref, "↻ Refresh", row=4))
    return Screen(embed=embed, buttons=tuple(buttons))


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
