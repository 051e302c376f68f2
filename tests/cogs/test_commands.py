"""The other slash commands: hand, leave, cancel, rules, export; syncing; ``bot.py``."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest
import simcord

import bot as bot_py
from cogs.app import TrumpfBot
from engine.replay import replay_record
from tables.errors import UnknownTable
from tables.model import TableStatus
from tables.settings import Settings
from tests.cogs.helpers import contents, moves, table_message, tick


async def test_hand_opens_the_private_hand_of_my_table_here(world):
    env, channel, alice, bob = world.env, world.channel, world.alice, world.bob
    res = await alice.slash(channel, "jass hand")
    assert res.response.content == "You do not sit at an open table in this channel."
    await alice.slash(channel, "jass quick")
    await tick(env)
    res = await alice.slash(channel, "jass hand")
    assert res.ephemeral and res.response.embeds[0].title.startswith("Your hand · Schieber")
    res = await bob.slash(channel, "jass hand", table=1)
    assert res.ephemeral and res.response.content == "You do not sit at table #1."


async def test_rules_show_the_table_here(world):
    channel, alice = world.channel, world.alice
    res = await alice.slash(channel, "jass rules")
    assert res.ephemeral and res.response.content == "There is no open table in this channel."
    await alice.slash(channel, "jass schieber", preset="swisslos-2500", clock=45)
    res = await world.bob.slash(channel, "jass rules")
    assert res.ephemeral
    embed = res.response.embeds[0]
    assert embed.title == "Rules of Schieber table #1"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Preset"] == "swisslos-2500" and fields["Target"] == "2500"
    assert fields["Multipliers"] == "♠♣ ×1, ♥♦ ×2, Obenabe ×3, Undenufe ×3"
    assert fields["Turn clock"] == "45 s a card, 90 s a contract"
    await alice.slash(channel, "jass klaberjass", target=301, clock=0)
    res = await alice.slash(channel, "jass rules", table=2)
    fields = {f.name: f.value for f in res.response.embeds[0].fields}
    assert fields["Target"] == "301" and fields["Turn clock"] == "no turn clock"


async def test_export_the_last_hand_as_a_hand_record(world):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass schieber", bots=3, clock=0)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    res = await alice.slash(channel, "jass export")
    assert res.response.content == "No hand of this table has been finished yet."
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    service = env.bot.service
    while service.table(1).match.hand_number < 2:
        legal = moves(panel)
        if legal:
            await alice.click(panel, custom_id=legal[0].custom_id)
        await tick(env)
    res = await alice.slash(channel, "jass export")
    assert res.ephemeral
    [file] = res.response.attachments
    assert file.filename == "trumpf-table-1-hand-last.json"
    record = json.loads(await file.read())
    assert record["game"] == "schieber" and len(record["hands"]) == 4
    scored = replay_record(record)
    assert scored  # the replay command accepts what the bot exports
    res = await alice.slash(channel, "jass export", hand=1)
    assert json.loads(await res.response.attachments[0].read()) == record
    elsewhere = env.create_guild("Other").create_text_channel("general")
    dora = elsewhere.guild.add_member(env.create_user("dora"))
    res = await dora.slash(elsewhere, "jass export", table=1)  # not this server's table
    assert res.response.content == str(UnknownTable(1)) and not res.response.attachments
    res = await alice.slash(channel, "jass export", hand=5)
    assert res.response.content == "Hand 5 is not a finished hand of this table."


async def test_leave_in_the_lobby_and_in_a_match(world):
    env, channel, alice, bob = world.env, world.channel, world.alice, world.bob
    await alice.slash(channel, "jass klaberjass")
    await bob.click(channel.last_message, label="Sit: Seat 2")
    res = await bob.slash(channel, "jass leave")
    assert res.ephemeral and res.response.content == "You left table #1."
    assert "Seat 2: empty" in channel.history()[0].embeds[0].fields[1].value
    await bob.click(channel.history()[0], label="Sit: Seat 2")
    await alice.click(channel.history()[0], label="Start")
    await tick(env)
    res = await bob.slash(channel, "jass leave")
    assert res.response.content == "You left table #1; a medium bot plays your seat from now on."
    assert f"🚪 {bob.mention} left: a medium bot plays seat 2 from now on." in contents(channel)
    assert env.bot.service.table(1).seats[1].bot == "medium"


async def test_cancel_by_the_host_or_someone_with_manage_server(world):
    env, guild, channel, alice, bob = world.env, world.guild, world.channel, world.alice, world.bob
    await alice.slash(channel, "jass schieber")
    await bob.click(channel.last_message, label="Sit: Seat 2 (B)")
    res = await bob.slash(channel, "jass cancel")
    assert res.response.content == "Only the host or a server admin can cancel the table."
    res = await world.carol.slash(channel, "jass cancel", table=1)
    assert res.response.content == "Only the host or a server admin can cancel the table."
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = guild.add_member(env.create_user("dora"), roles=[admins])
    res = await dora.slash(channel, "jass cancel")
    assert res.response.content == "Table #1 is cancelled."
    lobby = channel.history()[0]
    assert lobby.embeds[0].title == "Table #1 — cancelled" and lobby.components == []
    assert f"Table #1 was cancelled by {dora.mention}." in contents(channel)
    assert env.bot.service.table(1).status is TableStatus.CANCELLED
    await alice.slash(channel, "jass schieber")
    res = await alice.click(channel.last_message, label="Cancel table")
    assert env.bot.service.table(2).status is TableStatus.CANCELLED


async def test_commands_sync_to_the_development_server_only(settings: Settings) -> None:
    dev = 1_111_111_111_111_111_111
    bot = TrumpfBot(settings, dev_guild_id=dev, interval_s=0, retry_s=0)
    try:
        async with simcord.run(bot) as env:
            mine = env.create_guild("Dev", id=dev).create_text_channel("dev")
            other = env.create_guild("Other").create_text_channel("general")
            alice = mine.guild.add_member(env.create_user("alice"))
            bob = other.guild.add_member(env.create_user("bob"))
            assert "jass schieber" in alice.available_commands(mine)
            assert "jass schieber" not in bob.available_commands(other)
    finally:
        bot.ticker.cancel()
        await bot.service.close()


def test_bot_py_runs_discord_when_a_token_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[Any] = []
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setattr(bot_py, "run_discord", lambda settings: ran.append(settings) or 0)
    assert bot_py.main([]) == 0
    [settings] = ran
    assert settings.discord_token == "a-token"
