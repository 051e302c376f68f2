"""Hands after the hand: every card of a finished hand, shown privately to anyone asking.

Once a hand is over nothing of it is secret any more, and players like to look back: the
hands as dealt, the contract (pushed or not; Klaberjass: the bids and the swap), every
trick in order and the Weis (sequences) of both sides, counted or not.  It is read from
the table's stored log, replayed by the engine (the same record ``/jass export`` gives),
never from what the bot remembers.  Cards are written as on the buttons, in the table's
deck (``button_label``): a page of black ♠ and ♣ emoji is hard to read on Discord's dark
theme, and a Swiss table names its cards the Swiss way.

The hand result message carries the button: :func:`with_review_button` adds it to a
screen.  The button is a :class:`cogs.buttons.TrumpfButton` (its custom_id says the
table and hand), so it works after a restart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from cogs.buttons import message_kwargs
from cogs.card_faces import SIGNS, button_label, card_text
from cogs.names import Names
from cogs.panel_screen import sorted_hand
from cogs.refs import Ref
from cogs.render import GAME_NAMES, ButtonSpec
from cogs.screens import Screen, embed_for
from engine.actions import Contract
from engine.cards import Card, Suit
from engine.events import Declaration
from engine.replay import replay_record
from tables.decks import Deck, contract_name, declaration_name
from tables.errors import TableError
from tables.model import Seat, Table

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

REVIEW = "review"  # the button's action in its custom_id
FIELD_LIMIT = 1024


def review_button(table_id: int, hand_number: int) -> ButtonSpec:
    """The button that shows everyone, privately, every card of a finished hand."""
    ref = Ref(table_id, REVIEW, "-", 0, hand_number)
    return ButtonSpec(ref, "🔍 All the cards of this hand", "secondary")


def with_review_button(screen: Screen, table_id: int, hand_number: int) -> Screen:
    """The hand result's screen, with the button added."""
    return replace(screen, buttons=(*screen.buttons, review_button(table_id, hand_number)))


async def answer_review(bot: TrumpfBot, interaction: discord.Interaction, ref: Ref) -> None:
    """The button's answer: the hand's cards, or why they cannot be shown yet."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = bot.service
    guild = str(interaction.guild_id)
    table = await service.load(ref.table)
    if table.guild_id != guild:
        raise TableError(f"There is no table #{ref.table}.")
    if table.match is not None and table.match.hand_number <= ref.hand and table.status.is_open:
        raise TableError(
            f"Hand {ref.hand} of table #{table.id} is still being played: its cards are shown "
            "once it is over."
        )
    record = await service.hand_record(ref.table, ref.hand, guild)
    names = [await seat_label(bot.handlers.names, interaction.guild, s) for s in table.seats]
    screen = review_screen(table, ref.hand, record, replay_record(record), names)
    await interaction.followup.send(ephemeral=True, **message_kwargs(screen))


async def seat_label(names: Names, guild: discord.Guild | None, seat: Seat) -> str:
    """A seat by who played it: a display name (embed field names show no mentions)."""
    if seat.user is not None:
        return await names.get(guild, seat.user)
    if seat.left is not None:
        return f"{await names.get(guild, seat.left)} (left; a bot played on)"
    return f"🤖 Bot {seat.number + 1}"


def review_screen(
    table: Table, hand: int, record: dict[str, Any], result: dict[str, Any], names: Sequence[str]
) -> Screen:
    """One embed: the story of the hand in its description, the cards in its fields."""
    game = record["game"]
    embed = embed_for(
        table,
        f"{GAME_NAMES[game]} table #{table.id} · hand {hand} — every card",
        "\n".join(_story(table, record, result, names)),
    )
    trump = Suit.from_word(result["contract"]) if _is_suit(result.get("contract")) else None
    extra = record.get("extra") or [[] for _ in names]
    deck = table.options.deck
    for seat, (dealt, later) in enumerate(zip(record["hands"], extra, strict=True)):
        text = _cards(sorted_hand(_parse(dealt), trump), deck)
        if later:
            text += f" · after the bidding: {_cards(sorted_hand(_parse(later), trump), deck)}"
        embed.add_field(name=f"Seat {seat + 1} · {names[seat]}"[:256], value=text, inline=False)
    tricks = [_trick_line(n, t, names, deck) for n, t in enumerate(result["tricks"], 1)]
    for title, value in _fields("Tricks", tricks or ["None was played."]):
        embed.add_field(name=title, value=value, inline=False)
    what = "Weis" if game == "schieber" else "Sequences and Bela"
    declared = [_declaration_line(d, names, deck) for d in result.get("declarations", [])]
    for title, value in _fields(what, declared or ["None."]):
        embed.add_field(name=title, value=value, inline=False)
    embed.set_footer(text="Only you see this. Every card is shown once the hand is over.")
    return Screen(embed=embed)


def _story(
    table: Table, record: dict[str, Any], result: dict[str, Any], names: Sequence[str]
) -> list[str]:
    dealer = record["dealer"]
    lines = [f"Dealt by {names[dealer]}."]
    if record["game"] == "schieber":
        forehand = (dealer + 1) % 4
        contract = _contract(result.get("contract"), table.options.deck)
        if contract is not None:
            chose = f"{names[result['maker']]} chose **{contract}**"
            pushed = f"{names[forehand]} pushed; " if result.get("pushed") else ""
            lines.append(f"{pushed}{chose}.")
    else:
        lines.append(f"Turned up: {card_text(Card.from_code(record['turn_up']))}.")
        bids = [_bid(a, names) for a in record["actions"] if "bid" in a]
        lines.append("Bids: " + " · ".join(bids) + ".")
        if result.get("swapped_by") is not None:
            lines.append(f"{names[result['swapped_by']]} swapped the trump 7 for the turn-up.")
        if result.get("annulled"):
            lines.append("Both passed twice: the hand was annulled.")
    score = result.get("score")
    if score:
        sides = _sides(table, names)
        written = " · ".join(f"{s} **{p}**" for s, p in zip(sides, score["total"], strict=True))
        card_points = " : ".join(map(str, score["points"]))
        lines.append(f"Written on the sheet: {written} (card points {card_points}).")
        if score.get("maker_failed"):
            lines.append(f"{names[result['maker']]} made trump and failed.")
    if not result.get("complete", True):
        lines.append("The match was won before the last tricks were played.")
    return lines


def _sides(table: Table, names: Sequence[str]) -> list[str]:
    if len(names) == 4:
        return ["Team A", "Team B"]
    return list(names)


def _contract(value: str | None, deck: Deck = Deck.FRENCH) -> str | None:
    if value is None:
        return None
    contract = Contract(value)
    if deck is Deck.SWISS:
        return contract_name(deck, contract)
    if contract.trump is not None:
        return f"{SIGNS[contract.trump]} {contract.trump.word}"
    return contract.label


def _is_suit(value: str | None) -> bool:
    return value in {s.word for s in Suit}


def _bid(action: dict[str, Any], names: Sequence[str]) -> str:
    who, bid = names[action["seat"]], action["bid"]
    if bid == "name":
        suit = Suit.from_word(action["suit"])
        return f"{who} names {SIGNS[suit]} {suit.word}"
    return f"{who} {'takes' if bid == 'take' else 'passes'}"


def _trick_line(
    number: int, trick: dict[str, Any], names: Sequence[str], deck: Deck = Deck.FRENCH
) -> str:
    n = len(names)
    played = " · ".join(
        f"{names[(trick['leader'] + i) % n]} {button_label(deck, Card.from_code(c))}"
        for i, c in enumerate(trick["cards"])
    )
    return f"{number}. {played} → **{names[trick['winner']]}** (+{trick['points']})"


def _declaration_line(d: dict[str, Any], names: Sequence[str], deck: Deck = Deck.FRENCH) -> str:
    cards = tuple(_parse(d["cards"]))
    what = declaration_name(deck, Declaration(d["seat"], d["kind"], cards, d["points"]))
    counted = "counts" if d["scored"] else "does not count"
    return f"{names[d['seat']]}: {what} {_cards(cards, deck)} ({d['points']}) · {counted}"


def _fields(title: str, lines: Iterable[str]) -> list[tuple[str, str]]:
    """Lines in as few fields as Discord's 1024 characters a field allow."""
    out: list[list[str]] = [[]]
    for line in lines:
        line = line[:FIELD_LIMIT]
        if out[-1] and len("\n".join([*out[-1], line])) > FIELD_LIMIT:
            out.append([])
        out[-1].append(line)
    names = [title] + [f"{title} (continued)"] * (len(out) - 1)
    return [(name, "\n".join(part)) for name, part in zip(names, out, strict=True)]


def _parse(codes: Iterable[str]) -> list[Card]:
    return [Card.from_code(c) for c in codes]


def _cards(cards: Iterable[Card], deck: Deck = Deck.FRENCH) -> str:
    return " ".join(button_label(deck, c) for c in cards)
