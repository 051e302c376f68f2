"""Faults: missing permissions, deleted messages and channels, failing requests, clocks."""

from __future__ import annotations

import discord

from tables.model import TableStatus
from tests.cogs.helpers import contents, finished, labels, moves, place, table_message, tick


async def start_with_bots(world, channel=None, **options):
    channel = channel or world.channel
    await world.alice.slash(channel, "jass schieber", bots=3, **options)
    await world.alice.click(channel.last_message, label="Start")
    await tick(world.env)
    return world.env.bot.service


async def test_missing_permissions_are_named_and_nothing_is_opened(world):
    env, guild, alice = world.env, world.guild, world.alice
    muted = guild.create_text_channel(
        "muted",
        overwrites={guild.me: discord.PermissionOverwrite(send_messages=False, embed_links=False)},
    )
    res = await alice.slash(muted, "jass schieber")
    assert res.ephemeral
    assert "missing the **Send Messages**, **Embed Links** permission" in res.response.content
    no_history = guild.create_text_channel(
        "no-history", overwrites={guild.me: discord.PermissionOverwrite(read_message_history=False)}
    )
    res = await alice.slash(no_history, "jass quick")
    assert "**Read Message History**" in res.response.content
    assert env.bot.service.tables() == []
    assert muted.history() == [] and no_history.history() == []


async def test_a_deleted_table_message_is_posted_again(world):
    env, guild, channel = world.env, world.guild, world.channel
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    await start_with_bots(world)
    gone = table_message(channel, 1)
    await mod.delete(gone)
    again = table_message(channel, 1)
    assert again.id != gone.id and again.embeds[0].title == "Schieber · table #1 · hand 1"
    assert labels(again) == ["🂠 My hand"]


async def test_a_deleted_channel_keeps_the_table_paused(world):
    env, guild = world.env, world.guild
    doomed = guild.create_text_channel("doomed")
    service = await start_with_bots(world, doomed, clock=0)
    await env.bot.get_channel(doomed.id).delete()
    await env.settle()
    await tick(env, 5)
    table = service.table(1)
    assert table.status is TableStatus.PAUSED  # kept, until /jass resume elsewhere
    assert env.bot.announcer.boards[1].lost
    assert not env.errors


async def test_failing_requests_are_retried_then_logged_and_the_table_plays_on(world, caplog):
    env, channel, alice = world.env, world.channel, world.alice
    service = await start_with_bots(world, preset="tournament-1000", target=200)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=1)
    await alice.click(panel, custom_id=moves(panel)[0].custom_id)  # the contract
    await tick(env)
    table = table_message(channel, 1)
    assert "made by" in table.embeds[0].description  # the edit was retried

    env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    env.inject_error("POST", "/channels/*/messages", status=503, times=None)
    seq = service.table(1).seq
    for _ in range(5):
        legal = moves(panel)
        if legal:
            await alice.click(panel, custom_id=legal[0].custom_id)
        await tick(env)
    assert service.table(1).seq > seq  # Discord refuses everything; the table plays on
    assert "Discord refused a request" in caplog.text
    assert not env.errors


async def test_a_stale_private_hand_is_never_relied_on(world):
    env, channel, alice, bob = world.env, world.channel, world.alice, world.bob
    await alice.slash(channel, "jass klaberjass", clock=0)
    await bob.click(channel.last_message, label="Sit: Seat 2")
    await alice.click(channel.history()[0], label="Start")
    await tick(env)
    table = table_message(channel, 1)
    hands = {
        alice: (await alice.click(table, label="🂠 My hand")).response,
        bob: (await bob.click(table, label="🂠 My hand")).response,
    }
    service = env.bot.service
    people = {0: alice, 1: bob}
    first = people[service.table(1).to_move]
    await tick(env, 16 * 60)  # both panels are now older than Discord's 15 minutes
    while people[service.table(1).to_move] is first:  # a stale panel still plays...
        await first.click(hands[first], custom_id=moves(hands[first])[0].custom_id)
    other = people[service.table(1).to_move]  # ...but is never relied on to show a turn
    ping = place(channel).last_message
    assert ping.content.startswith(f"{other.mention}, it is your turn at table #1 (your hand")
    assert "older than Discord's 15 minutes" in ping.content
    assert labels(ping) == []  # the board's My hand is right above
    reopened = await other.click(table_message(channel, 1), label="🂠 My hand")
    await other.click(reopened.response, custom_id=moves(reopened.response)[0].custom_id)
    assert ping.id not in [m.id for m in channel.history()]  # the mention is tidied away


async def test_a_burst_of_moves_is_shown_in_few_requests(world):
    """Rate limits: one round of messages a table per interval, whatever happened in it."""
    env, channel, alice = world.env, world.channel, world.alice
    env.bot.announcer.interval_s = 6.0  # longer than simcord's settle timeout: waited virtually
    await alice.slash(channel, "jass quick")
    await tick(env, 7)
    before = len(env.http_requests)
    await alice.slash(channel, "jass leave")  # four bots now: the match is over in one tick
    for _ in range(3):
        await tick(env, 7)
    assert finished(channel, 1)
    requests = env.http_requests[before:]
    posts = [r for r in requests if r.method == "POST" and r.path.startswith("/channels/")]
    edits = [r for r in requests if r.method == "PATCH" and r.path.startswith("/channels/")]
    hands = len(env.bot.service.table(1).match.sheet)
    assert hands >= 5
    # A hand played out within one round: its lines and its result (and the thread's start).
    assert len(posts) <= 2 * hands + 3
    assert len(edits) <= 5  # the last board closed, the summary, the thread told to archive
    text = contents(channel)
    assert text.count("Trick 1:") >= hands - 1  # and yet every trick can be read back
