"""``/jass settings``: a server's defaults, kept in the database, taken by new tables."""

from __future__ import annotations

import discord
import pytest

from tables.decks import Deck
from tables.errors import BadOptions
from tables.server_settings import ServerSettings
from tests.cogs.helpers import table_message, tick


def admin(world, name: str = "dora"):
    guild = world.guild
    role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(world.env.create_user(name), roles=[role])


def fields(response) -> dict[str, str]:
    return {f.name: f.value for f in response.embeds[0].fields}


async def test_only_manage_server_sees_or_changes_the_settings(world):
    channel, alice = world.channel, world.alice
    res = await alice.slash(channel, "jass settings", clock=30)
    assert res.ephemeral
    assert res.response.content.startswith("Only members with **Manage Server** can see or")
    assert await world.env.bot.service.server_settings(str(world.guild.id)) == ServerSettings()
    res = await alice.slash(channel, "jass settings")
    assert "Manage Server" in res.response.content and not res.response.embeds


async def test_settings_round_trip_and_survive_a_restart(world, make_bot):
    env, channel = world.env, world.channel
    dora = admin(world)
    res = await dora.slash(channel, "jass settings")
    assert res.ephemeral and res.response.embeds[0].title == "Trumpf settings of Jass Club"
    assert fields(res.response) == {
        "Threads": "on: each table plays in a thread of its own",
        "Turn clock": "60 s a card, 120 s to choose a contract or bid (Trumpf's default)",
        "Bot level": "medium",
        "Schieber preset": "pagat-3000",
        "Idle tables": "tables in play never pause for being idle (Trumpf's default)",
        "Open tables": "at most 20 at once; 3 per member, and one `/jass quick` every 30 seconds",
        "Schieber deck": "French (♠ ♥ ♦ ♣)",
    }
    res = await dora.slash(
        channel,
        "jass settings",
        threads=False,
        clock=45,
        level="hard",
        preset="swisslos-2500",
        idle=0,
        tables=50,
        deck="swiss",
    )
    assert res.response.embeds[0].description.startswith("Saved.")
    changed = {
        "Threads": "off: tables play in the channel where they are opened",
        "Turn clock": "45 s a card, 90 s to choose a contract or bid",
        "Bot level": "hard",
        "Schieber preset": "swisslos-2500",
        "Idle tables": "tables in play never pause for being idle",
        "Open tables": "at most 50 at once; 3 per member, and one `/jass quick` every 30 seconds",
        "Schieber deck": "Swiss-German (Rosen, Schellen, Eicheln, Schilten)",
    }
    assert fields(res.response) == changed
    res = await dora.slash(channel, "jass settings", clock=0)  # one setting, the rest kept
    assert fields(res.response) == {**changed, "Turn clock": "no turn clock"}

    await env.restart_bot(make_bot())
    res = await dora.slash(channel, "jass settings")
    assert fields(res.response) == {**changed, "Turn clock": "no turn clock"}
    expected = ServerSettings(
        threads=False,
        clock_s=0,
        bot_level="hard",
        preset="swisslos-2500",
        idle_min=0,
        max_tables=50,
        deck=Deck.SWISS,
    )
    assert await env.bot.service.server_settings(str(world.guild.id)) == expected
    other = env.create_guild("Other Club")
    assert await env.bot.service.server_settings(str(other.id)) == ServerSettings()


async def test_new_tables_take_the_servers_defaults_unless_told_otherwise(world):
    env, channel, alice = world.env, world.channel, world.alice
    dora = admin(world)
    await dora.slash(channel, "jass settings", clock=45, level="easy", preset="tournament-1000")
    service = env.bot.service

    res = await alice.slash(channel, "jass schieber", bots=1)
    assert "tournament-1000, to 1000" in res.response.content
    assert "45 s a card, 90 s a contract" in res.response.content
    table = service.table(1)
    assert table.options.rules == {"preset": "tournament-1000"}
    assert (table.options.card_clock_s, table.options.contract_clock_s) == (45, 90)
    assert [s.bot for s in table.seats if s.bot] == ["easy"]

    await alice.slash(channel, "jass schieber", preset="pagat-3000", clock=0, level="hard", bots=1)
    table = service.table(2)
    assert table.options.rules == {"preset": "pagat-3000"}
    assert table.options.card_clock_s is None and table.options.contract_clock_s is None
    assert [s.bot for s in table.seats if s.bot] == ["hard"]

    await world.bob.slash(channel, "jass klaberjass", bot=True)
    table = service.table(3)
    assert (table.options.card_clock_s, table.options.contract_clock_s) == (45, 90)
    assert table.seats[1].bot == "easy"

    await world.carol.slash(channel, "jass quick")
    await tick(env)
    table = service.table(4)
    assert table.options.rules == {"preset": "tournament-1000"}
    assert [s.bot for s in table.seats[1:]] == ["easy"] * 3
    assert not env.errors


def test_bad_values_are_refused_with_a_reason():
    with pytest.raises(BadOptions, match="There is no preset 'jass-9000'; choose pagat-3000"):
        ServerSettings().changed(preset="jass-9000")
    with pytest.raises(BadOptions, match="A turn clock is 0 to 600 seconds, not 900"):
        ServerSettings().changed(clock_s=900)
    assert ServerSettings().changed(clock_s=None, threads=False) == ServerSettings(threads=False)


async def test_threads_off_keeps_new_tables_in_the_channel(world):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass quick")
    await tick(env)
    assert len(channel.threads) == 1  # the default: a thread per table
    await admin(world).slash(channel, "jass settings", threads=False)
    await world.bob.slash(channel, "jass quick")
    await tick(env)
    assert len(channel.threads) == 1  # the new table plays in the channel itself
    assert table_message(channel, 2).channel.id == channel.id
