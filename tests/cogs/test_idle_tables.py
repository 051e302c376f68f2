"""An idle table pauses where it stands; its players carry it on with a click or a command."""

from __future__ import annotations

from tables.model import TableStatus
from tests.cogs.helpers import contents, moves, table_message, tick
from tests.cogs.test_settings import admin

IDLE = "nobody at it pressed anything for 1 minutes"


async def idle_quick_game(world):
    """Alice's quick game, no turn clock, idle after a minute: her turn, and she walks away."""
    env, channel, alice = world.env, world.channel, world.alice
    await admin(world).slash(channel, "jass settings", clock=0, idle=1)
    await alice.slash(channel, "jass quick")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    while not moves(panel):
        await tick(env)
    table = env.bot.service.table(1)
    assert table.status is TableStatus.PLAYING and table.to_move == 0
    return table


async def test_an_idle_table_pauses_survives_a_restart_and_resumes_on_a_click(world, make_bot):
    env, channel, alice = world.env, world.channel, world.alice
    before = await idle_quick_game(world)
    await tick(env, 61)
    service = env.bot.service
    paused = service.table(1)
    assert paused.status is TableStatus.PAUSED and paused.pause_reason == IDLE
    assert paused.seq == before.seq
    assert f"⏸️ Table #1 is paused: {IDLE}." in contents(channel)

    await env.restart_bot(make_bot())
    await tick(env, 120)
    service = env.bot.service
    assert service.table(1).status is TableStatus.PAUSED and service.table(1).seq == before.seq

    res = await world.bob.click(table_message(channel, 1), label="🂠 My hand")
    assert res.response.content.startswith("You do not sit at table #1")  # bob cannot wake it
    assert service.table(1).status is TableStatus.PAUSED
    res = await alice.click(table_message(channel, 1), label="🂠 My hand")
    assert res.response.ephemeral and res.response.embeds[0].title.startswith("Your hand")
    resumed = service.table(1)
    assert resumed.status is TableStatus.PLAYING and resumed.channel_id == str(channel.id)
    await tick(env)
    assert "▶️ Table #1 plays on." in contents(channel)
    panel = res.response
    legal = moves(panel)
    assert legal
    await alice.click(panel, custom_id=legal[0].custom_id)
    await tick(env)
    assert service.table(1).seq > before.seq
    assert not env.errors


async def test_resume_in_the_tables_channel_plays_an_idle_table_on_there(world):
    env, channel, alice = world.env, world.channel, world.alice
    await idle_quick_game(world)
    await tick(env, 61)
    assert env.bot.service.table(1).status is TableStatus.PAUSED
    res = await alice.slash(channel, "jass resume")
    assert "table #1 plays on here" in res.response.content
    table = env.bot.service.table(1)
    assert table.status is TableStatus.PLAYING and table.channel_id == str(channel.id)
    assert not env.errors
