"""A deck per table: ``deck:`` on the commands, the server's default, the hand's pictures."""

from __future__ import annotations

import re

from cogs.emojis import EMOJIS
from cogs.refs import Ref
from cogs.render import ButtonSpec
from cogs.screens import Screen
from engine.cards import CARDS, Card
from tables.decks import Deck, card_name
from tests.cogs.helpers import buttons, finished, moves, table_message, tick
from tests.cogs.test_review import look
from tests.cogs.test_settings import admin, fields

FRENCH_SIGN = re.compile("[♠♥♦♣♤♧]")
SWISS = "Swiss-German (Rosen, Schellen, Eicheln, Schilten)"


def card_buttons(panel) -> dict[Card, object]:
    """The card buttons of a private hand, by the card their custom_id plays."""
    out = {}
    for b in buttons(panel):
        ref = Ref.parse(b.custom_id)
        if ref.action == "play":
            out[Card.from_code(ref.arg)] = b
    return out


def check_swiss_hand(panel, hand: set[Card]) -> None:
    """Every card button is one of the player's cards, with that card's picture and its
    Swiss name; no button shows any other card; no French suit anywhere on the hand."""
    shown = card_buttons(panel)
    assert set(shown) == hand
    for card, b in shown.items():
        expected = EMOJIS.get(Deck.SWISS, card)
        assert (b.emoji.id, b.emoji.name) == (expected.id, expected.name)
        assert b.label == card_name(Deck.SWISS, card)
    cards = {b.custom_id for b in shown.values()}
    for b in buttons(panel):
        assert b.custom_id in cards or b.emoji is None  # no picture on any other button
        assert not FRENCH_SIGN.search(b.label or ""), b.label
    embed = panel.embeds[0]
    texts = [embed.description or "", *(f.value for f in embed.fields)]
    assert not any(FRENCH_SIGN.search(t) for t in texts), texts


PICTURE = re.compile(r"<:trumpf_([fs])_(\w+?)_[0-9a-f]{8}:(\d+)> ([^\s*]+)")


def check_swiss_board(board) -> int:
    """The live board: every card a Swiss picture followed by that card's Swiss name, no
    French suit; returns how many cards it shows."""
    text = board.embeds[0].description
    assert not FRENCH_SIGN.search(text), text
    shown = PICTURE.findall(text)
    for letter, code, emoji_id, name in shown:
        card = Card.from_code(code)
        assert letter == "s" and int(emoji_id) == EMOJIS.get(Deck.SWISS, card).id
        assert name == card_name(Deck.SWISS, card)
    return len(shown)


async def test_a_swiss_match_shows_every_hand_with_its_own_card_pictures(world):
    env, channel, alice, bob, carol = world.env, world.channel, world.alice, world.bob, world.carol
    assert len(EMOJIS) == 72  # the bot's start synced the application's card emojis
    dave = world.guild.add_member(env.create_user("dave"))
    res = await alice.slash(channel, "jass schieber", deck="swiss", target=100, clock=0)
    assert "Swiss-German cards" in res.response.content
    for who, seat in ((bob, "Seat 2 (B)"), (carol, "Seat 3 (A)"), (dave, "Seat 4 (B)")):
        await who.click(channel.history()[0], label=f"Sit: {seat}")
    await alice.click(channel.history()[0], label="Start")
    await tick(env)
    board = table_message(channel, 1)
    people = (alice, bob, carol, dave)
    panels = {p: (await p.click(board, label="🂠 My hand")).response for p in people}
    service = env.bot.service
    clicks = pictures = 0
    seen: set[Card] = set()
    contracts: set[str] = set()
    while not finished(channel, 1):
        assert clicks < 400, "the match did not end"
        for person, panel in panels.items():
            hand = set(service.observation(1, str(person.id)).hand)
            check_swiss_hand(panel, hand)
            seen |= hand
            contracts.update(
                b.label for b in moves(panel) if Ref.parse(b.custom_id).action == "choose"
            )
        if not finished(channel, 1):
            pictures += check_swiss_board(table_message(channel, 1))
        mover = next((p for p in people if moves(panels[p])), None)
        if mover is None:
            await tick(env)
            continue
        result = await mover.click(panels[mover], custom_id=moves(panels[mover])[0].custom_id)
        assert result.acknowledged and not result.followups
        clicks += 1
        await tick(env)
    assert seen == set(CARDS) and not env.errors  # every card of the deck, in its hand
    assert {"Rosen", "Schellen", "Eicheln", "Schilten"} <= contracts  # Swiss contract names
    assert pictures > 36  # the board showed the tricks and last tricks as pictures
    [thread] = channel.threads  # the board, the hand logs, the results: Swiss names only
    logs = [m.content for m in thread.history() if m.content.startswith("📜 **Hand")]
    assert logs and all("Trick 1:" in log for log in logs)
    assert all(re.search(r"(Rosen|Schellen|Eicheln|Schilten)-\w", log) for log in logs)
    for message in thread.history():
        text = " ".join([message.content or "", *(e.description or "" for e in message.embeds)])
        assert not FRENCH_SIGN.search(text), text
    review = (await look(world, carol, channel, 1, 1)).embeds[0]  # every card, after the hand
    record = await service.hand_record(1, 1)
    seats = [f.value for f in review.fields if f.name.startswith("Seat ")]
    for shown, dealt in zip(seats, record["hands"], strict=True):
        assert sorted(shown.split()) == sorted(
            card_name(Deck.SWISS, Card.from_code(c)) for c in dealt
        )
    texts = [review.description, *(f.value for f in review.fields)]
    assert not any(FRENCH_SIGN.search(t) for t in texts), texts


async def test_the_deck_stays_with_the_table_and_the_server_sets_the_default(world, make_bot):
    env, channel, alice, bob, carol = world.env, world.channel, world.alice, world.bob, world.carol
    service = env.bot.service
    res = await alice.slash(channel, "jass schieber", deck="swiss")
    assert "Swiss-German cards" in res.response.content
    assert f"Deck: {SWISS}" in channel.history()[0].embeds[0].description
    rules = fields((await alice.slash(channel, "jass rules")).response)
    assert rules["Deck"] == SWISS
    assert rules["Multipliers"] == "Schilten/Eicheln ×1, Rosen/Schellen ×2, Obenabe ×3, Undenufe ×4"
    await env.restart_bot(make_bot())
    assert env.bot.service.table(1).options.deck is Deck.SWISS
    assert fields((await alice.slash(channel, "jass rules")).response)["Deck"] == SWISS
    assert f"Deck: {SWISS}" in channel.history()[0].embeds[0].description

    dora = admin(world)
    await dora.slash(channel, "jass settings", deck="swiss")
    service = env.bot.service
    await bob.slash(channel, "jass quick")
    assert service.table(2).options.deck is Deck.SWISS  # the server's default
    await carol.slash(channel, "jass quick", deck="french")
    assert service.table(3).options.deck is Deck.FRENCH  # the command's own
    await tick(env)
    hand = (await carol.click(table_message(channel, 3), label="🂠 My hand")).response
    for card, b in card_buttons(hand).items():
        assert b.emoji.id == EMOJIS.get(Deck.FRENCH, card).id and b.label[-1] == card.rank.code[-1]

    await dora.slash(channel, "jass klaberjass", bot=True)
    assert service.table(4).options.deck is Deck.FRENCH  # the default is Schieber's
    refused = await alice.slash(channel, "jass quick", game="klaberjass", deck="swiss")
    assert refused.ephemeral and refused.response.content == (
        "Klaberjass is played with French cards only: choose deck french, or leave it out."
    )
    assert [t.id for t in service.tables(str(world.guild.id))] == [1, 2, 3, 4]  # none opened
    assert not env.errors


def test_a_new_card_picture_alone_is_a_change_to_show():
    ref = Ref(1, "play", "H10", 5, 1, 0)
    text = Screen(buttons=(ButtonSpec(ref, "Rosen-Banner"),))
    picture = Screen(buttons=(ButtonSpec(ref, "Rosen-Banner", emoji="🂺"),))
    assert text.key != picture.key
    assert picture.key == Screen(buttons=(ButtonSpec(ref, "Rosen-Banner", emoji="🂺"),)).key
