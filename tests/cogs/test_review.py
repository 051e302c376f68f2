"""Hands after the hand: anyone of the server sees every card of a finished hand, privately."""

from __future__ import annotations

import random

from cogs.card_faces import card_text
from cogs.review_screen import review_button, review_screen
from engine.actions import Deal
from engine.cards import Card
from engine.phase import Phase
from engine.replay import replay_record
from tables import games
from tables.model import Table, TableOptions
from tests.cogs.helpers import labels, moves, play_out, post_button, table_message, tick

REVIEW_LABEL = "🔍 All the cards of this hand"


async def look(world, player, channel, table_id: int, hand: int):
    """Press the hand's review button (as the hand result carries it); the private answer."""
    ref = review_button(table_id, hand).ref
    message = await post_button(world.env, channel, ref.custom_id, "🔍")
    res = await player.click(message, custom_id=ref.custom_id)
    answer = res.followups[-1] if res.followups else res.response
    assert answer.ephemeral
    return answer


async def test_every_card_of_a_hand_once_it_is_over_and_not_before(world, make_bot):
    env, channel, alice, carol = world.env, world.channel, world.alice, world.carol
    await alice.slash(channel, "jass schieber", clock=0, bots=3)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    await alice.click(panel, custom_id=moves(panel)[0].custom_id)
    early = await look(world, carol, channel, 1, 1)  # carol does not even sit at the table
    assert early.content == (
        "Hand 1 of table #1 is still being played: its cards are shown once it is over."
    )
    assert not early.embeds
    service = env.bot.service
    while service.table(1).match.hand_number < 2:
        if moves(panel):
            await alice.click(panel, custom_id=moves(panel)[0].custom_id)
        await tick(env)

    await env.restart_bot(make_bot())  # the button, and the log it reads, outlive a restart
    answer = await look(world, carol, channel, 1, 1)
    embed = answer.embeds[0]
    assert embed.title == "Schieber table #1 · hand 1 — every card"
    record = await env.bot.service.hand_record(1, 1)
    fields = {f.name: f.value for f in embed.fields}
    seats = [fields[name] for name in fields if name.startswith("Seat ")]
    assert list(fields)[:4] == [
        f"Seat 1 · {alice.name}", "Seat 2 · 🤖 Bot 2", "Seat 3 · 🤖 Bot 3", "Seat 4 · 🤖 Bot 4"
    ]  # fmt: skip
    for shown, dealt in zip(seats, record["hands"], strict=True):  # the four hands as dealt
        assert sorted(shown.split()) == sorted(card_text(Card.from_code(c)) for c in dealt)
    tricks = fields["Tricks"].splitlines()
    assert len(tricks) == 9 and tricks[0].startswith("1. ") and tricks[8].startswith("9. ")
    assert " chose **" in embed.description and "Written on the sheet: Team A" in embed.description
    assert "Weis" in fields
    assert str(alice.id) not in str(embed.to_dict())  # names, not ids or mentions

    elsewhere = env.create_guild("Other").create_text_channel("general")
    dora = elsewhere.guild.add_member(env.create_user("dora"))
    refused = await look(world, dora, elsewhere, 1, 1)
    assert refused.content == "There is no table #1." and not refused.embeds
    assert not env.errors


def test_the_weis_of_both_sides_are_shown_counted_or_not():
    table = Table.lobby(5, "schieber", "1", "2", "9", TableOptions())
    record = {"game": "schieber", "dealer": 3, "hands": [[], [], [], []], "actions": []}
    result = {
        "contract": "obenabe",
        "maker": 2,
        "pushed": True,
        "tricks": [],
        "declarations": [
            {"seat": 1, "kind": "sequence", "cards": ["C9", "C10", "CJ"], "points": 20,
             "scored": False},
            {"seat": 2, "kind": "four", "cards": ["HJ", "SJ", "DJ", "CJ"], "points": 200,
             "scored": True},
        ],
        "score": {"points": [0, 0], "total": [0, 0]},
    }  # fmt: skip
    names = ["Anna", "Ben", "Cleo", "Dan"]
    embed = review_screen(table, 4, record, result, names).embed
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Weis"].splitlines() == [
        "Ben: three in a row ♧9 ♧10 ♧J (20) · does not count",
        "Cleo: four Js ♥J ♤J ♦J ♧J (200) · counts",
    ]
    assert "Anna pushed; Cleo chose **Obenabe" in embed.description


def test_any_hand_of_either_game_fits_discords_limits():
    for game, seats in (("schieber", 4), ("klaberjass", 2)):
        table = Table.lobby(5, game, "1", "2", "9", TableOptions())
        for seed in range(20):
            match, _ = games.new_match(game, {}).apply(Deal(seed))
            rng = random.Random(seed)
            while match.phase is not Phase.DEAL and match.winner is None:
                match, _ = match.apply(rng.choice(match.legal_actions()))
            record = games.hand_record(game, match.hand)
            names = ["N" * 32] * seats  # the longest display names Discord allows
            embed = review_screen(table, 1, record, replay_record(record), names).embed
            assert len(embed) <= 6000 and len(embed.fields) <= 25
            assert all(0 < len(f.value) <= 1024 for f in embed.fields)
            shown = " ".join(f.value for f in embed.fields[:seats])
            assert len(shown.replace("· after the bidding:", "").split()) == 9 * seats


async def test_every_hand_result_carries_the_button_and_play_again_keeps_it(world):
    """Played in the channel (no thread permission): each hand's result has the button;
    Play again on the last one uses up its own button, not the review's."""
    env, channel, alice = world.env, world.channel, world.alice
    me = env.bot.get_guild(world.guild.id).me
    await env.bot.get_channel(channel.id).set_permissions(me, create_public_threads=False)
    await alice.slash(channel, "jass schieber", preset="tournament-1000", target=200, bots=3)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    await play_out(env, channel, alice, panel, 1)
    results = [m for m in channel.history() if REVIEW_LABEL in labels(m)]
    hands = env.bot.service.table(1).match.hand_number
    assert len(results) == hands >= 2
    again = await alice.click(results[-1], label="Play again")
    assert labels(again.response) == ["Rematch: table #2", REVIEW_LABEL]
    res = await alice.click(again.response, label=REVIEW_LABEL)
    answer = res.followups[-1] if res.followups else res.response
    assert answer.embeds[0].title == f"Schieber table #1 · hand {hands} — every card"
