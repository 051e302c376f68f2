"""Limits with clear answers: open tables per member and per server, /jass quick's cooldown."""

from __future__ import annotations

from tables.model import TableStatus
from tests.cogs.helpers import tick
from tests.cogs.test_settings import admin

HOW_TO_END = (
    "End one with `/jass leave` (in a match a bot takes your seat) or `/jass cancel` "
    "(its host), naming it with `table:` if need be."
)


async def test_a_member_may_have_three_open_tables_and_is_told_which(world):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass schieber")
    await alice.slash(channel, "jass klaberjass", bot=True)
    await alice.slash(channel, "jass quick")
    await tick(env)
    res = await alice.slash(channel, "jass schieber")
    assert res.ephemeral
    assert res.response.content == (
        "You have 3 open tables here, the most one member may have at once (3): "
        "#1 (Schieber, lobby), #2 (Klaberjass, lobby), #3 (Schieber, in play). " + HOW_TO_END
    )
    service = env.bot.service
    assert len(service.tables()) == 3  # nothing was opened

    res = await world.bob.slash(channel, "jass schieber")  # others are not held up
    assert "table #4 is open" in res.response.content
    await alice.slash(channel, "jass cancel", table=1)
    assert service.table(1).status is TableStatus.CANCELLED
    res = await alice.slash(channel, "jass schieber")
    assert "table #5 is open" in res.response.content
    assert not env.errors


async def test_quick_games_have_a_cooldown(world):
    env, channel, alice = world.env, world.channel, world.alice
    res = await alice.slash(channel, "jass quick")
    assert "table #1 is open" in res.response.content
    await tick(env, 10)
    res = await alice.slash(channel, "jass quick", game="klaberjass")
    assert res.response.content == (
        "You opened a quick game a moment ago: one every 30 seconds. Try again in 20 seconds."
    )
    assert len(env.bot.service.tables()) == 1
    res = await world.bob.slash(channel, "jass quick")  # each member has their own
    assert "table #2 is open" in res.response.content
    await tick(env, 20)
    res = await alice.slash(channel, "jass quick", game="klaberjass")
    assert "table #3 is open" in res.response.content
    assert not env.errors


async def test_a_server_has_at_most_its_open_tables(world):
    env, channel, alice, bob = world.env, world.channel, world.alice, world.bob
    dora = admin(world)
    res = await dora.slash(channel, "jass settings", tables=2)
    assert res.response.embeds[0].description.startswith("Saved.")
    await alice.slash(channel, "jass schieber")
    await bob.slash(channel, "jass klaberjass")
    res = await alice.slash(channel, "jass klaberjass")
    assert res.response.content == (
        "This server has 2 open tables, the most it allows at once (Manage Server can change "
        "it with `/jass settings tables:`); try again when one has ended. Yours: "
        "#1 (Schieber, lobby). " + HOW_TO_END
    )
    res = await world.carol.slash(channel, "jass quick")
    assert res.response.content.startswith("This server has 2 open tables")
    assert "Yours:" not in res.response.content  # carol has none
    assert len(env.bot.service.tables()) == 2

    await bob.slash(channel, "jass cancel")
    res = await world.carol.slash(channel, "jass quick")
    assert "table #3 is open" in res.response.content
    assert not env.errors
