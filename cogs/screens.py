"""What each message shows: the lobby, the table of a hand, a private hand, the result.

Each function takes the table as the service committed it and returns a :class:`Screen`
(text, one embed, buttons as :class:`ButtonSpec`); ``cogs.buttons`` makes the buttons
and the announcer sends them.  The public table message reads only public parts of the
engine's observation: never a hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.refs import (
    ADD_BOT,
    CANCEL,
    OPEN_HAND,
    PLAY_AGAIN,
    REFRESH,
    REMOVE_BOT,
    SIT,
    STAND,
    START,
    Ref,
    ref_of,
)
from cogs.render import (
    GAME_NAMES,
    ButtonSpec,
    cards,
    contract_label,
    scores_text,
    seat_long,
    seat_name,
    side_name,
    suit_label,
    team_members,
    trick_text,
)
from engine.actions import Bid, BidKind, Choose, Play, Push, Swap
from engine.cards import Card, Suit
from engine.events import HandScored
from engine.phase import Phase
from tables import games
from tables.model import Table, TableStatus

COLOURS = {"schieber": 0xC0392B, "klaberjass": 0x1E8449}
LEVELS = ("easy", "medium", "hard")  # the bot levels the service knows
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # black, red, black, red


@dataclass(frozen=True, slots=True)
class Screen:
    content: str | None = None
    embed: discord.Embed | None = None
    buttons: tuple[ButtonSpec, ...] = field(default=())

    @property
    def key(self) -> str:
        """Equal keys mean an edit would change nothing."""
        embed = self.embed.to_dict() if self.embed is not None else None
        buttons = [(b.ref.custom_id, b.label, b.style, b.disabled) for b in self.buttons]
        return json.dumps([self.content, embed, buttons], sort_keys=True, default=str)


def _embed(table: Table, title: str, description: str | None = None) -> discord.Embed:
    return discord.Embed(title=title, description=description, colour=COLOURS[table.game])


def timestamp(deadline: float | None) -> str:
    """A Discord timestamp the client shows as "in 45 seconds"."""
    return "" if deadline is None else f"<t:{int(deadline)}:R>"


# --- rules -------------------------------------------------------------------------------


def rules_of(table: Table) -> Any:
    match = table.match or games.new_match(table.game, table.options.rules)
    return match.rules


def rules_line(table: Table) -> str:
    rules = rules_of(table)
    if table.game == "klaberjass":
        return f"to {rules.target}"
    m = rules.multipliers
    extras = [n for n, on in (("Weis", rules.weis), ("Stöck", rules.stoeck)) if on]
    if rules.match_bonus:
        extras.append("Match bonus")
    return (
        f"{rules.preset}, to {rules.target} · ×{m[0]} ♠♣ ×{m[1]} ♥♦ ×{m[2]} Obenabe "
        f"×{m[3]} Undenufe" + (f" · {', '.join(extras)}" if extras else "")
    )


def clock_line(table: Table) -> str:
    card, contract = table.options.card_clock_s, table.options.contract_clock_s
    if not card and not contract:
        return "no turn clock"
    choosing = "a contract" if table.game == "schieber" else "a bid"
    return f"{card or 0:g} s a card, {contract or 0:g} s {choosing}"


def rules_screen(table: Table) -> Screen:
    rules = rules_of(table)
    name = GAME_NAMES[table.game]
    embed = _embed(table, f"Rules of {name} table #{table.id}", rules_line(table))
    if table.game == "schieber":
        m = rules.multipliers
        embed.add_field(name="Preset", value=rules.preset)
        embed.add_field(name="Target", value=str(rules.target))
        embed.add_field(
            name="Multipliers",
            value=f"♠♣ ×{m[0]}, ♥♦ ×{m[1]}, Obenabe ×{m[2]}, Undenufe ×{m[3]}",
            inline=False,
        )
        for label, on in (
            ("Weis", rules.weis),
            ("Stöck", rules.stoeck),
            ("Match bonus (+100)", rules.match_bonus),
            ("Undenufe: 6 = 11, A = 0", rules.undenufe_six_eleven),
        ):
            embed.add_field(name=label, value="yes" if on else "no")
        embed.add_field(
            name="How it goes",
            inline=False,
            value=(
                "The forehand names the contract or pushes it to the partner. Follow suit or "
                "trump (no undertrumping); the trump Jack never has to be played. Weis count for "
                "the team with the best one after the first trick; Stöck with the second of "
                "trump K and Q. Everything is multiplied by the contract's multiplier."
            ),
        )
    else:
        embed.add_field(name="Target", value=str(rules.target))
        embed.add_field(
            name="How it goes",
            inline=False,
            value=(
                "Take the turn-up's suit or pass; in round two name another suit or pass (both "
                "pass twice: the hand is dealt again). The holder of the trump 7 may swap it for "
                "the turn-up before their first card. Follow suit, trump if you cannot, and "
                "overtrump when trump is led. The best sequence scores; Bela (trump K and Q) "
                "always scores. The maker must score more than the opponent, or the opponent "
                "scores both totals."
            ),
        )
    embed.add_field(name="Turn clock", value=clock_line(table), inline=False)
    return Screen(embed=embed)


# --- the lobby ---------------------------------------------------------------------------


def lobby_screen(table: Table) -> Screen:
    name = GAME_NAMES[table.game]
    open_ = table.status is TableStatus.LOBBY
    title = f"{name} table #{table.id}" + (" — lobby" if open_ else "")
    lines = [
        f"Host: {seat_name_of_user(table.host)}",
        f"Rules: {rules_line(table)}",
        f"Clock: {clock_line(table)}",
    ]
    if open_:
        lines.append("Take a seat or add bots; the host starts once every seat is filled.")
    embed = _embed(table, title, "\n".join(lines))
    for side, seats in enumerate(table.teams):
        label = side_name(table, side) if len(table.seats) == 4 else f"Seat {seats[0] + 1}"
        value = "\n".join(f"Seat {n + 1}: {seat_long(table, n)}" for n in seats)
        embed.add_field(name=label, value=value)
    if not open_:
        return Screen(embed=embed)
    return Screen(embed=embed, buttons=tuple(_lobby_buttons(table)))


def seat_name_of_user(user: str) -> str:
    return f"<@{user}>"


def _lobby_buttons(table: Table) -> list[ButtonSpec]:
    out = []
    for s in table.seats:
        team = f" ({'AB'[table.side_of(s.number)]})" if len(table.seats) == 4 else ""
        label = f"Seat {s.number + 1}{team}"
        if s.is_empty:
            out.append(
                ButtonSpec(Ref(table.id, SIT, str(s.number)), f"Sit: {label}", "success", row=0)
            )
        elif s.is_bot:
            ref = Ref(table.id, REMOVE_BOT, str(s.number))
            out.append(ButtonSpec(ref, f"{label}: remove bot", "secondary", row=0))
        else:
            out.append(
                ButtonSpec(
                    Ref(table.id, SIT, str(s.number)), f"{label}: taken", disabled=True, row=0
                )
            )
    full = table.is_full
    for level in LEVELS:
        out.append(
            ButtonSpec(Ref(table.id, ADD_BOT, level), f"Add bot: {level}", disabled=full, row=1)
        )
    out.append(ButtonSpec(Ref(table.id, STAND), "Leave", row=2))
    out.append(ButtonSpec(Ref(table.id, START), "Start", "primary", disabled=not full, row=2))
    out.append(ButtonSpec(Ref(table.id, CANCEL), "Cancel table", "danger", row=2))
    return out


# --- the public table message of a hand ------------------------------------------------------


def public_view(table: Table) -> Any:
    """The observation of seat 0, of which only the public parts are read."""
    return table.match.observation(0)


def contract_text(table: Table, view: Any) -> str:
    if table.game == "schieber":
        if view.contract is None:
            if view.phase is not Phase.CONTRACT or view.to_move is None:
                return "No contract yet."
            if view.pushed:
                chooser = seat_name(table, view.to_move)
                return f"{seat_name(table, view.forehand)} pushed: {chooser} chooses."
            return f"{seat_name(table, view.to_move)} (forehand) chooses the contract or pushes."
        times = rules_of(table).multiplier(view.contract)
        pushed = f", pushed by {seat_name(table, view.forehand)}" if view.pushed else ""
        return (
            f"**{contract_label(view.contract)}** ×{times}, chosen by "
            f"{seat_name(table, view.maker)}{pushed}"
        )
    if view.trump is None:
        rnd = 1 if len(view.bids) < 2 else 2
        return f"Turned up: **{view.table_card}** · bidding, round {rnd}"
    how = "named" if view.trump != view.turn_up.suit else "taken"
    swap = (
        f" · {seat_name(table, view.swapped_by)} swapped the 7"
        if view.swapped_by is not None
        else ""
    )
    return (
        f"Trump **{suit_label(view.trump)}**, {how} by {seat_name(table, view.maker)} · "
        f"on the table: {view.table_card}{swap}"
    )


def turn_text(table: Table, view: Any) -> str:
    if view.to_move is None:
        return "—"
    doing = {Phase.CONTRACT: "to choose", Phase.BIDDING: "to bid", Phase.PLAY: "to play"}
    clock = f" · clock runs out {timestamp(table.deadline)}" if table.deadline else ""
    return f"{seat_name(table, view.to_move)} {doing.get(view.phase, '')}{clock}"


def table_screen(table: Table) -> Screen:
    view = public_view(table)
    name = GAME_NAMES[table.game]
    embed = _embed(
        table, f"{name} · table #{table.id} · hand {view.hand_number}", contract_text(table, view)
    )
    embed.add_field(name="Turn", value=turn_text(table, view), inline=False)
    if table.game == "klaberjass" and view.bids:
        bids = " · ".join(f"{seat_name(table, s)} {_bid_word(k, suit)}" for s, k, suit in view.bids)
        embed.add_field(name="Bids", value=bids, inline=False)
    embed.add_field(name="On the table", value=trick_text(table, view.trick) or "—", inline=False)
    if view.tricks:
        last = view.tricks[-1]
        text = f"{cards(last.cards)} → {seat_name(table, last.winner)} (+{last.points})"
        embed.add_field(name=f"Last trick ({last.number})", value=text, inline=False)
    melds = _melds(table, view)
    if melds:
        embed.add_field(
            name="Weis" if table.game == "schieber" else "Melds", value=melds, inline=False
        )
    embed.add_field(name="This hand", value=scores_text(table, view.hand_points))
    embed.add_field(name=f"Match (to {view.target})", value=scores_text(table, view.scores))
    if table.game == "schieber":
        teams = "\n".join(f"{side_name(table, i)}: {team_members(table, i)}" for i in (0, 1))
        embed.add_field(name="Teams", value=teams, inline=False)
    embed.set_footer(text=f"Rules: {rules_line(table)} · Press “My hand” for your cards.")
    ref = Ref(table.id, OPEN_HAND, "-", table.seq, view.hand_number)
    return Screen(embed=embed, buttons=(ButtonSpec(ref, "🂠 My hand", "primary"),))


def _bid_word(kind: BidKind, suit: Suit | None) -> str:
    if kind is BidKind.PASS:
        return "passes"
    said = "takes" if kind is BidKind.TAKE else "names"
    return f"{said} {suit.symbol}" if suit is not None else said


def _melds(table: Table, view: Any) -> str:
    lines = [
        f"{seat_name(table, d.seat)}: {d.name} {cards(d.cards)} ({d.points})"
        for d in view.declarations
    ]
    shown = {d.seat for d in view.declarations if d.kind not in ("stoeck", "bela")}
    lines += [f"{seat_name(table, s)} announced {p}" for s, p in view.announced if s not in shown]
    return "\n".join(lines)


def hand_over_screen(
    table: Table, hand_number: int, scored: HandScored | None, annulled: bool = False
) -> Screen:
    """A table message whose hand is over: its result, no buttons."""
    name = GAME_NAMES[table.game]
    text = "Both passed twice: the hand was annulled." if annulled else "The hand is over."
    if scored is not None:
        text = (
            f"Written on the sheet: {scores_text(table, scored.totals)}\n"
            f"Match: {scores_text(table, scored.scores)}"
        )
    return Screen(
        embed=_embed(table, f"{name} · table #{table.id} · hand {hand_number} — over", text)
    )


def closed_screen(table: Table, title: str, text: str) -> Screen:
    return Screen(embed=_embed(table, title, text))


# --- the private hand --------------------------------------------------------------------------


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
    embed = _embed(
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


# --- the end -------------------------------------------------------------------------------------


def result_screen(table: Table, rematch: int | None = None) -> Screen:
    match = table.match
    name = GAME_NAMES[table.game]
    winner = side_name(table, match.winner)
    final = " : ".join(map(str, match.scores))
    embed = _embed(table, f"🏆 {winner} wins {name} table #{table.id}, {final}")
    width = 12 if table.game == "schieber" else 10
    heads = [
        side_name(table, i) if table.game == "schieber" else f"Seat {i + 1}"
        for i in range(len(match.scores))
    ]
    rows = ["Hand  " + "".join(h.rjust(width) for h in heads)]
    for n, hand in enumerate(match.sheet, 1):
        note = "  (annulled)" if table.game == "klaberjass" and not any(hand) else ""
        rows.append(f"{n:>4}  " + "".join(str(p).rjust(width) for p in hand) + note)
    rows.append("Total " + "".join(str(p).rjust(width) for p in match.scores))
    embed.description = "```\n" + "\n".join(rows)[:3900] + "\n```"
    for side in range(len(table.teams)):
        embed.add_field(name=side_name(table, side), value=team_members(table, side))
    if rematch is None:
        ref = Ref(table.id, PLAY_AGAIN)
        return Screen(embed=embed, buttons=(ButtonSpec(ref, "Play again", "success"),))
    ref = Ref(table.id, PLAY_AGAIN, str(rematch))
    return Screen(
        embed=embed, buttons=(ButtonSpec(ref, f"Rematch: table #{rematch}", disabled=True),)
    )


def turn_ping(table: Table, user: str, stale: bool) -> Screen:
    """A message that mentions a person whose turn it is and who has no live panel."""
    view = public_view(table)
    why = (
        "your hand panel is older than Discord's 15 minutes and cannot update any more"
        if stale
        else "your cards are waiting"
    )
    text = (
        f"<@{user}>, it is your turn at table #{table.id} ({why}): press **My hand** to open them."
    )
    if table.deadline:
        text += f" Your clock runs out {timestamp(table.deadline)}."
    ref = Ref(table.id, OPEN_HAND, "-", table.seq, view.hand_number)
    return Screen(content=text, buttons=(ButtonSpec(ref, "🂠 My hand", "primary"),))
