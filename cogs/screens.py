"""What the public messages show: the lobby, a closed board, the result, a turn.

Each function takes the table as the service committed it and returns a :class:`Screen`
(text, one embed, buttons as :class:`ButtonSpec`); ``cogs.buttons`` makes the buttons
and the announcer sends them.  Public screens read only public parts of the engine's
observation: never a hand.  The live board of a hand is in :mod:`cogs.board`, the
private hand in :mod:`cogs.panel_screen`, the rules in :mod:`cogs.rules_screen`.
``names`` (user id to display name, from :mod:`cogs.names`) is for the places where
Discord shows a mention as raw text: titles, field names, footers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.refs import (
    ADD_BOT,
    CANCEL,
    PLAY_AGAIN,
    REMOVE_BOT,
    SIT,
    STAND,
    START,
    Ref,
)
from cogs.render import (
    GAME_NAMES,
    ButtonSpec,
    Names,
    person,
    scores_text,
    seat_long,
    seat_name,
    side_name,
    suit_label,
    team_members,
)
from engine.cards import Suit
from engine.events import HandScored
from engine.phase import Phase
from tables import games
from tables.bots import LEVELS
from tables.decks import contract_name, suits_text
from tables.model import Table, TableStatus

COLOURS = {"schieber": 0xC0392B, "klaberjass": 0x1E8449}


@dataclass(frozen=True, slots=True)
class Screen:
    content: str | None = None
    embed: discord.Embed | None = None
    buttons: tuple[ButtonSpec, ...] = field(default=())

    @property
    def key(self) -> str:
        """Equal keys mean an edit would change nothing."""
        embed = self.embed.to_dict() if self.embed is not None else None
        # The emoji too: a card's picture arriving is a change to show.
        buttons = [
            (b.ref.custom_id, b.label, b.style, b.disabled, str(b.emoji)) for b in self.buttons
        ]
        return json.dumps([self.content, embed, buttons], sort_keys=True, default=str)


def embed_for(table: Table, title: str, description: str | None = None) -> discord.Embed:
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
    black, red = multiplier_suits(table)
    extras = [n for n, on in (("Weis", rules.weis), ("Stöck", rules.stoeck)) if on]
    if rules.match_bonus:
        extras.append("Match bonus")
    return (
        f"{rules.preset}, to {rules.target} · ×{m[0]} {black} ×{m[1]} {red} ×{m[2]} Obenabe "
        f"×{m[3]} Undenufe" + (f" · {', '.join(extras)}" if extras else "")
    )


def multiplier_suits(table: Table) -> tuple[str, str]:
    """The black and the red suits as the table's deck names them ('♠♣', 'Rosen/Schellen')."""
    deck = table.options.deck
    return suits_text(deck, (Suit.SPADES, Suit.CLUBS)), suits_text(
        deck, (Suit.HEARTS, Suit.DIAMONDS)
    )


def clock_line(table: Table) -> str:
    card, contract = table.options.card_clock_s, table.options.contract_clock_s
    if not card and not contract:
        return "no turn clock"
    choosing = "a contract" if table.game == "schieber" else "a bid"
    return f"{card or 0:g} s a card, {contract or 0:g} s {choosing}"


# --- the lobby ---------------------------------------------------------------------------


def lobby_screen(table: Table, names: Names = None) -> Screen:
    """The lobby: rules, clock, seats; people by display name where known (a mention of
    someone the reader's client has not loaded shows as "unknown user")."""
    name = GAME_NAMES[table.game]
    open_ = table.status is TableStatus.LOBBY
    title = f"{name} table #{table.id}" + (" — lobby" if open_ else "")
    lines = [
        f"Host: {person(table.host, names)}",
        f"Rules: {rules_line(table)}",
        f"Clock: {clock_line(table)}",
        f"Deck: {table.options.deck.title}",
    ]
    if open_:
        lines.append("Take a seat or add bots; the host starts once every seat is filled.")
    embed = embed_for(table, title, "\n".join(lines))
    for side, seats in enumerate(table.teams):
        label = side_name(table, side) if len(table.seats) == 4 else f"Seat {seats[0] + 1}"
        value = "\n".join(f"Seat {n + 1}: {seat_long(table, n, names)}" for n in seats)
        embed.add_field(name=label, value=value)
    if not open_:
        return Screen(embed=embed)
    return Screen(embed=embed, buttons=tuple(_lobby_buttons(table)))


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


def contract_text(table: Table, view: Any, names: Names = None) -> str:
    """The contract, who made it, pushed or not, its multiplier (Klaberjass: the bids)."""
    name = lambda seat: seat_name(table, seat, names)  # noqa: E731
    if table.game == "schieber":
        if view.contract is None:
            if view.phase is not Phase.CONTRACT or view.to_move is None:
                return "No contract yet."
            if view.pushed:
                return f"{name(view.forehand)} pushed: {name(view.to_move)} chooses."
            return f"{name(view.to_move)} (forehand) chooses the contract or pushes."
        times = rules_of(table).multiplier(view.contract)
        pushed = f", pushed by {name(view.forehand)}" if view.pushed else ""
        contract = contract_name(table.options.deck, view.contract)
        return f"**{contract} ×{times}** · made by {name(view.maker)}{pushed}"
    if view.trump is None:
        rnd = 1 if len(view.bids) < 2 else 2
        return f"Turned-up card **{view.table_card}** · bidding, round {rnd}"
    how = "named" if view.trump != view.turn_up.suit else "taken"
    swap = f", {name(view.swapped_by)} swapped the 7" if view.swapped_by is not None else ""
    return (
        f"Trump **{suit_label(view.trump)}**, {how} by {name(view.maker)} · "
        f"turned-up card {view.table_card}{swap}"
    )


def turn_text(table: Table, view: Any, names: Names = None) -> str:
    if view.to_move is None:
        return "Nobody to move."
    doing = {Phase.CONTRACT: "to choose", Phase.BIDDING: "to bid", Phase.PLAY: "to play"}
    clock = f" · clock runs out {timestamp(table.deadline)}" if table.deadline else ""
    who = seat_name(table, view.to_move, names)
    return f"⏳ **{who}** {doing.get(view.phase, 'to move')}{clock}"


def hand_over_screen(
    table: Table,
    hand_number: int,
    scored: HandScored | None,
    annulled: bool = False,
    names: Names = None,
) -> Screen:
    """A board whose hand is over: its result, no buttons."""
    name = GAME_NAMES[table.game]
    text = "Both passed twice: the hand was annulled." if annulled else "The hand is over."
    if scored is not None:
        text = (
            f"Written on the sheet: {scores_text(table, scored.totals, names)}\n"
            f"Match: {scores_text(table, scored.scores, names)}"
        )
    return Screen(
        embed=embed_for(table, f"{name} · table #{table.id} · hand {hand_number} — over", text)
    )


def closed_screen(table: Table, title: str, text: str) -> Screen:
    return Screen(embed=embed_for(table, title, text))


# --- the end -------------------------------------------------------------------------------------


def result_screen(
    table: Table, rematch: int | None = None, names: Names = None, again: bool = True
) -> Screen:
    """The match's result and score sheet; ``again``: with the Play again button.
    People by display name (a title shows no mentions; unknown ones by seat)."""
    names = names or {}
    match = table.match
    name = GAME_NAMES[table.game]
    winner = side_name(table, match.winner, names)
    final = " : ".join(map(str, match.scores))
    embed = embed_for(table, f"🏆 {winner} wins {name} table #{table.id}, {final}")
    width = 12 if table.game == "schieber" else 10
    heads = [side_name(table, i, names)[: width - 2] for i in range(len(match.scores))]
    rows = ["Hand  " + "".join(h.rjust(width) for h in heads)]
    for n, hand in enumerate(match.sheet, 1):
        note = "  (annulled)" if table.game == "klaberjass" and not any(hand) else ""
        rows.append(f"{n:>4}  " + "".join(str(p).rjust(width) for p in hand) + note)
    rows.append("Total " + "".join(str(p).rjust(width) for p in match.scores))
    embed.description = "```\n" + "\n".join(rows)[:3900] + "\n```"
    for side in range(len(table.teams)):
        embed.add_field(name=side_name(table, side, names), value=team_members(table, side, names))
    if not again:
        return Screen(embed=embed)
    if rematch is None:
        ref = Ref(table.id, PLAY_AGAIN)
        return Screen(embed=embed, buttons=(ButtonSpec(ref, "Play again", "success"),))
    ref = Ref(table.id, PLAY_AGAIN, str(rematch))
    return Screen(
        embed=embed, buttons=(ButtonSpec(ref, f"Rematch: table #{rematch}", disabled=True),)
    )


def turn_ping(table: Table, user: str, stale: str | None) -> Screen:
    """A message that mentions a person whose turn it is and who has no live panel;
    ``stale`` says why their panel could not show it, if they had one."""
    why = stale or "your cards are waiting"
    text = (
        f"<@{user}>, it is your turn at table #{table.id} ({why}): press **My hand** on "
        "the board above to open them."
    )
    if table.deadline:
        text += f" Your clock runs out {timestamp(table.deadline)}."
    return Screen(content=text)  # the board's My hand is right above: no second one
