"""A table plays in its own thread; the channel keeps a one-line summary of it."""

from __future__ import annotations

import discord

from tables.model import TableStatus
from tables.service import THREAD_GONE
from tests.cogs.helpers import (
    contents,
    finished,
    labels,
    play_out,
    table_message,
    tick,
)


async def quick_game(world, **options):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass quick", **options)
    await tick(env)
    return (await alice.click(table_message(channel, 1), label="🂠 My hand")).response


def own_messages(channel) -> list[discord.Message]:
    """The bot's own messages in the channel (not Discord's "thread started" notes)."""
    return [m for m in channel.history() if m.type is discord.MessageType.default]


async def test_a_table_opens_its_thread_and_plays_there(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await quick_game(world)
    [thread] = channel.threads
    assert thread.name == "Schieber #1: alice, 🤖 Bot 2, 🤖 Bot 3, 🤖 Bot 4"
    board = table_message(channel, 1)
    assert board.channel.id == thread.id
    [summary] = own_messages(channel)
    assert summary.id == thread.id  # the thread was opened from the lobby message
    assert summary.content.startswith("🃏 **Schieber table #1** · Team A **0** : **0** Team B")
    assert thread.mention in summary.content and not summary.embeds

    res = await alice.slash(thread, "jass rules")  # commands in the thread find its table
    assert res.ephemeral and "table #1" in (res.response.embeds[0].title or "").lower()

    await play_out(env, channel, alice, panel, 1)
    [summary] = own_messages(channel)  # still one message in the channel: now the result
    assert finished(channel, 1).id == summary.id
    assert summary.embeds[0].title.startswith("🏆 ")
    assert labels(summary) == ["Play again"]
    last = thread.history()[-1]
    assert last.embeds[0].title == summary.embeds[0].title  # Play again is in the channel
    assert labels(last) == ["🔍 All the cards of this hand"]
    assert "Trick 1:" in "\n".join(m.content for m in thread.history())
    assert env.bot.get_channel(thread.id).auto_archive_duration == 60  # archived after an hour
    assert not env.errors


async def test_without_the_thread_permission_the_table_plays_in_its_channel(world):
    env, guild, alice = world.env, world.guild, world.alice
    no_threads = guild.create_text_channel(
        "no-threads",
        overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)},
    )
    await alice.slash(no_threads, "jass quick")
    await tick(env)
    assert no_threads.threads == []
    board = table_message(no_threads, 1)
    assert board.channel.id == no_threads.id
    assert not env.errors


async def test_a_server_with_threads_off_plays_in_the_channel(world):
    env, guild, channel, alice = world.env, world.guild, world.channel, world.alice
    role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = guild.add_member(env.create_user("dora"), roles=[role])
    await dora.slash(channel, "jass settings", threads=False)
    await alice.slash(channel, "jass quick", game="klaberjass")
    await tick(env)
    assert channel.threads == []
    assert table_message(channel, 1).channel.id == channel.id


async def test_a_deleted_thread_pauses_the_table_and_resume_opens_a_new_one(world):
    env, channel, alice = world.env, world.channel, world.alice
    await quick_game(world)
    [thread] = channel.threads
    before = env.bot.service.table(1)
    await env.bot.get_channel(thread.id).delete()
    await env.settle()
    await tick(env, 300)  # past every clock: nobody and no bot moves
    paused = env.bot.service.table(1)
    assert paused.status is TableStatus.PAUSED and paused.seq == before.seq
    assert paused.pause_reason == THREAD_GONE
    [summary] = own_messages(channel)  # the channel says so
    assert f"⏸️ paused ({THREAD_GONE}): `/jass resume` plays it on" in summary.content
    res = await alice.slash(channel, "jass resume")
    assert "table #1 plays on here" in res.response.content
    await tick(env)
    [fresh] = channel.threads
    assert fresh.id != thread.id
    assert table_message(channel, 1).channel.id == fresh.id
    old, new = own_messages(channel)
    assert old.content == f"🃏 **Schieber table #1** plays on → {fresh.mention}"
    assert new.id == fresh.id
    assert "▶️ Table #1 plays on." in contents(channel)
    assert env.bot.service.table(1).status is TableStatus.PLAYING
    assert not env.errors


async def test_an_archived_thread_pauses_the_table(world):
    env, channel = world.env, world.channel
    await quick_game(world)
    [thread] = channel.threads
    await env.bot.get_channel(thread.id).edit(archived=True)  # a moderator archives it
    await env.settle()
    await tick(env, 300)
    paused = env.bot.service.table(1)
    assert paused.status is TableStatus.PAUSED and paused.pause_reason == THREAD_GONE


async def test_after_a_restart_the_table_plays_on_in_its_thread(world, make_bot):
    env, channel, alice = world.env, world.channel, world.alice
    await quick_game(world)
    [thread] = channel.threads
    old_board = table_message(channel, 1)
    await env.restart_bot(make_bot())
    await tick(env)
    assert [t.id for t in channel.threads] == [thread.id]  # found again, not opened anew
    board = table_message(channel, 1)
    assert board.channel.id == thread.id and board.id != old_board.id
    assert "♻️ Table #1 is back" in "\n".join(m.content for m in thread.history())
    [summary] = own_messages(channel)
    assert summary.id == thread.id and thread.mention in summary.content
    panel = (await alice.click(board, label="🂠 My hand")).response
    assert panel.embeds[0].title.startswith("Your hand")
    assert not env.errors
