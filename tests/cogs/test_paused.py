"""A deleted channel pauses its table; ``/jass resume`` carries it on in another channel."""

from __future__ import annotations

import discord

from tables.model import TableStatus
from tests.cogs.helpers import contents, moves, table_message, tick

PAST_EVERY_CLOCK = 300.0  # the tests' clocks: 60 s a card, 120 s a contract


async def quick_game_mid_hand(world):
    """/jass quick in #jass: Alice and three bots, a few moves into the first hand."""
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass quick")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    for _ in range(2):
        legal = moves(panel)
        if legal:
            await alice.click(panel, custom_id=legal[0].custom_id)
        await tick(env)
    table = env.bot.service.table(1)
    assert table.status is TableStatus.PLAYING and table.match.hand_number == 1
    return table


async def delete_channel(env, channel) -> None:
    await env.bot.get_channel(channel.id).delete()
    await env.settle()


async def test_a_deleted_channel_pauses_the_table_and_resume_plays_it_on_elsewhere(world):
    env, guild, channel, alice, bob = world.env, world.guild, world.channel, world.alice, world.bob
    before = await quick_game_mid_hand(world)
    await delete_channel(env, channel)
    await tick(env, PAST_EVERY_CLOCK)  # nobody and no bot moves
    service = env.bot.service
    paused = service.table(1)
    assert paused.status is TableStatus.PAUSED and paused.seq == before.seq
    assert paused.deadline is None

    lounge = guild.create_text_channel("lounge")
    res = await alice.slash(lounge, "jass hand")  # any table command says how to go on
    assert res.ephemeral
    assert res.response.content.startswith("Table #1 is paused: its channel was deleted.")
    assert "`/jass resume`" in res.response.content
    res = await bob.slash(lounge, "jass resume")
    assert res.response.content == "You have no paused table in this server."
    res = await bob.slash(lounge, "jass resume", table=1)
    assert res.response.content.startswith("Only a player of table #1, its host or a server")
    assert service.table(1).status is TableStatus.PAUSED

    res = await alice.slash(lounge, "jass resume")
    assert res.ephemeral and "table #1 plays on here" in res.response.content
    moved = service.table(1)
    assert moved.status is TableStatus.PLAYING and moved.channel_id == str(lounge.id)
    assert "🚚 Table #1 moved here from a deleted channel." in contents(lounge)
    fresh = table_message(lounge, 1)
    assert fresh.embeds[0].title == "Schieber · table #1 · hand 1"

    panel = (await alice.click(fresh, label="🂠 My hand")).response
    assert panel.ephemeral and panel.embeds[0].title.startswith("Your hand")
    seq = service.table(1).seq
    for _ in range(4):  # the human's hand works and the bots play on
        legal = moves(panel)
        if legal:
            res = await alice.click(panel, custom_id=legal[0].custom_id)
            assert res.acknowledged and not res.followups, [f.content for f in res.followups]
        await tick(env)
    assert service.table(1).seq > seq + 4
    assert not env.errors


async def test_a_table_stays_paused_across_a_restart(world, make_bot):
    env, guild, channel, alice = world.env, world.guild, world.channel, world.alice
    before = await quick_game_mid_hand(world)
    await delete_channel(env, channel)
    await env.restart_bot(make_bot())
    await tick(env, PAST_EVERY_CLOCK)
    service = env.bot.service
    back = service.table(1)
    assert back.status is TableStatus.PAUSED and back.seq == before.seq

    lounge = guild.create_text_channel("lounge")
    await alice.slash(lounge, "jass resume", table=1)
    assert service.table(1).status is TableStatus.PLAYING
    assert table_message(lounge, 1).embeds[0].title == "Schieber · table #1 · hand 1"
    assert not env.errors


async def test_a_channel_deleted_while_the_bot_was_down_pauses_the_table_at_start_up(
    world, make_bot
):
    env, channel = world.env, world.channel
    await quick_game_mid_hand(world)
    await env.bot.remove_cog("Tables")  # the bot no longer hears of the deletion
    await delete_channel(env, channel)
    assert env.bot.service.table(1).status is TableStatus.PLAYING

    await env.restart_bot(make_bot())
    await tick(env)
    service = env.bot.service
    paused = service.table(1)
    assert paused.status is TableStatus.PAUSED  # Discord said 10003 Unknown Channel
    await tick(env, PAST_EVERY_CLOCK)
    assert service.table(1).seq == paused.seq
    assert not env.errors


async def test_a_channel_found_gone_by_the_announcer_pauses_the_table(world):
    env, channel = world.env, world.channel
    await quick_game_mid_hand(world)
    await env.bot.remove_cog("Tables")  # the deletion goes unheard ...
    await delete_channel(env, channel)
    await tick(env, 5 * 60)  # ... until a move is to be shown: 10003 Unknown Channel
    service = env.bot.service
    paused = service.table(1)
    assert paused.status is TableStatus.PAUSED
    await tick(env, PAST_EVERY_CLOCK)
    assert service.table(1).seq == paused.seq
    assert not env.errors


async def test_a_deleted_lobby_channel_cancels_the_lobby(world):
    env, guild, alice = world.env, world.guild, world.alice
    doomed = guild.create_text_channel("doomed")
    await alice.slash(doomed, "jass klaberjass")
    await delete_channel(env, doomed)
    assert env.bot.service.table(1).status is TableStatus.CANCELLED
    res = await alice.slash(world.channel, "jass resume")
    assert res.response.content == "You have no paused table in this server."


async def test_resume_needs_the_bot_s_permissions_in_the_new_channel(world):
    env, guild, channel, alice = world.env, world.guild, world.channel, world.alice
    await quick_game_mid_hand(world)
    await delete_channel(env, channel)
    muted = guild.create_text_channel(
        "muted", overwrites={guild.me: discord.PermissionOverwrite(send_messages=False)}
    )
    res = await alice.slash(muted, "jass resume")
    assert "missing the **Send Messages** permission" in res.response.content
    assert env.bot.service.table(1).status is TableStatus.PAUSED


async def test_resume_asks_which_when_several_tables_are_paused(world):
    env, guild, channel, alice = world.env, world.guild, world.channel, world.alice
    await alice.slash(channel, "jass quick")
    await tick(env, 30)  # one /jass quick every 30 seconds
    await alice.slash(channel, "jass quick", game="klaberjass")
    await tick(env)
    await delete_channel(env, channel)
    lounge = guild.create_text_channel("lounge")
    res = await alice.slash(lounge, "jass resume")
    assert res.response.content == (
        "Several tables are paused: #1 (Schieber), #2 (Klaberjass). Name the one to play on "
        "here with `table`."
    )
    await alice.slash(lounge, "jass resume", table=2)
    service = env.bot.service
    assert service.table(2).channel_id == str(lounge.id)
    assert service.table(1).status is TableStatus.PAUSED
    assert table_message(lounge, 2).embeds[0].title.startswith("Klaberjass · table #2")


async def test_a_channel_closed_to_trumpf_pauses_the_table_until_resumed_there(world):
    env, guild, channel, alice = world.env, world.guild, world.channel, world.alice
    await quick_game_mid_hand(world)
    table = env.bot.get_channel(channel.id)
    me = env.bot.get_guild(guild.id).me
    # A moderator locks the channel, and its threads.
    await table.set_permissions(me, send_messages=False, send_messages_in_threads=False)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    await alice.click(panel, custom_id=moves(panel)[0].custom_id)  # a move to show: 403
    await tick(env, PAST_EVERY_CLOCK)
    service = env.bot.service
    paused = service.table(1)
    assert paused.status is TableStatus.PAUSED  # not played out by bots, unseen
    assert paused.pause_reason == "Trumpf may no longer post in its channel"
    res = await alice.slash(channel, "jass resume")
    assert "missing the **Send Messages** permission" in res.response.content
    await table.set_permissions(me, overwrite=None)  # unlocked again
    res = await alice.slash(channel, "jass resume")
    assert "table #1 plays on here" in res.response.content
    assert service.table(1).status is TableStatus.PLAYING
    assert "▶️ Table #1 plays on." in contents(channel)
    assert table_message(channel, 1).embeds[0].title == "Schieber · table #1 · hand 1"
    assert not env.errors


async def test_a_player_cancels_a_paused_table_from_another_channel(world):
    env, guild, channel, alice = world.env, world.guild, world.channel, world.alice
    await quick_game_mid_hand(world)
    await delete_channel(env, channel)
    lounge = guild.create_text_channel("lounge")
    res = await alice.slash(lounge, "jass cancel")
    assert res.response.content == "Table #1 is cancelled."
    assert env.bot.service.table(1).status is TableStatus.CANCELLED
    assert not env.errors
