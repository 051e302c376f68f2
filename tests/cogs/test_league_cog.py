"""``/league`` through Discord: the table and its pages, stats, recent matches, seasons."""

from __future__ import annotations

import json
import random
from typing import Any

import discord

from engine.replay import replay_record
from tables.clock import ManualClock
from tables.league import League
from tests.cogs.helpers import button, finished, play_out, table_message, tick
from tests.tables.test_league_seeds import seed_match

COMMANDS = {
    "league table",
    "league stats",
    "league recent",
    "league season start",
    "league season end",
    "league season list",
    "league rated-bots",
}


def league_of(env: Any) -> League:
    return env.bot.get_cog("League").league


def guild_id(world: Any) -> str:
    return str(world.guild.id)


async def seed(world: Any, people: list[list[str | None]], seed: int = 1) -> list[int]:
    """Finished matches in the bot's store, counted by its league as a live one would be."""
    env = world.env
    store, league = env.bot.service.store, league_of(env)
    clock = ManualClock(discord.utils.utcnow().timestamp())
    rng = random.Random(seed)
    ids = []
    for who in people:
        seeded = await seed_match(store, clock, who, rng, guild=guild_id(world))
        await league.record(seeded.table_id, seeded.facts)
        ids.append(seeded.table_id)
    return ids


def admin(world: Any) -> Any:
    role = world.guild.create_role(
        "Club admins", permissions=discord.Permissions(manage_guild=True)
    )
    return world.guild.add_member(world.env.create_user("dora"), roles=[role])


def ids(world: Any) -> tuple[str, str, str]:
    return str(world.alice.id), str(world.bob.id), str(world.carol.id)


# --- the commands are there -------------------------------------------------------------


async def test_every_league_command_describes_itself_and_its_options(world: Any) -> None:
    assert set(world.alice.available_commands(world.channel)) >= COMMANDS
    [group] = [c for c in world.env.bot.tree.get_commands() if c.name == "league"]
    assert group.description

    def walk(command: Any) -> None:
        assert command.description, command.name
        for child in getattr(command, "commands", []):
            walk(child)
        for parameter in getattr(command, "parameters", []):
            assert parameter.description, (command.name, parameter.name)

    walk(group)


# --- bad input, kind answers ------------------------------------------------------------


async def test_an_empty_league_answers_kindly(world: Any) -> None:
    alice, channel = world.alice, world.channel
    res = await alice.slash(channel, "league table")
    assert res.ephemeral and res.response.content == (
        "No Schieber match has been finished in this server yet."
    )
    res = await alice.slash(channel, "league stats")
    assert res.ephemeral and res.response.content == "You have not finished a league match yet."
    res = await alice.slash(channel, "league stats", player=world.bob)
    assert res.response.content == f"<@{world.bob.id}> has not finished a league match yet."
    res = await alice.slash(channel, "league recent")
    assert res.response.content == "No match has been finished in this server yet."
    res = await alice.slash(channel, "league recent", match=42)
    assert res.response.content == "Match #42 is not one of this server's finished matches."
    res = await alice.slash(channel, "league table", season="Winter")
    assert res.response.content.startswith("There is no season called “Winter”.")
    res = await alice.slash(channel, "league season list")
    assert res.ephemeral and "No season has been started yet" in res.response.content
    assert not world.env.errors


# --- the table ----------------------------------------------------------------------------


async def test_the_table_pages_with_buttons_that_survive_a_restart(
    world: Any, make_bot: Any
) -> None:
    env, channel, alice = world.env, world.channel, world.alice
    a, b, c = ids(world)
    members = [a, b, c] + [str(900_000 + n) for n in range(12)]
    rng = random.Random(3)
    await seed(world, [rng.sample(members, 2) for _ in range(30)])
    res = await alice.slash(channel, "league table", share=True)
    assert not res.ephemeral
    message = res.response.message
    embed = message.embeds[0]
    assert embed.title == "Klaberjass league — all-time"  # the game played here
    assert embed.footer.text.startswith("Page 1 of 2 · 15 players")
    lines = embed.description.splitlines()
    assert len(lines) == 10 and lines[0].startswith("`  1.` <@")
    assert "played" in lines[0] and "won" in lines[0] and "±" in lines[0]
    assert "pts/hand" in lines[0]
    assert button(message, "◀").disabled and not button(message, "▶").disabled

    await env.restart_bot(make_bot())  # the page buttons need nothing but their custom_id
    clicked = await world.bob.click(channel.last_message, label="▶")
    page2 = channel.last_message.embeds[0]
    assert clicked.acknowledged and page2.footer.text.startswith("Page 2 of 2")
    assert page2.description.splitlines()[0].startswith("` 11.`")
    assert button(channel.last_message, "▶").disabled
    await world.bob.click(channel.last_message, label="◀")
    assert channel.last_message.embeds[0].description == embed.description
    assert not env.errors


async def test_the_table_by_game_and_page_option(world: Any) -> None:
    a, b, c = ids(world)
    await seed(world, [[a, b, c, "900001"], [a, "900002", b, None], [a, b]])
    res = await world.alice.slash(world.channel, "league table", game="schieber")
    assert res.ephemeral
    embed = res.response.embeds[0]
    assert embed.title == "Schieber league — all-time"
    assert res.response.components == []  # one page: no buttons
    rows = embed.description.splitlines()
    assert len(rows) == 6  # four people of the rated match, why not rated, the bot match's
    assert rows[-2].startswith("**Not rated yet:** every match they played had a bot")
    assert rows[-1].startswith("`   –` <@900002> · 1 played")  # not in the server: a mention
    assert rows[0].startswith(("`  1.` alice", "`  1.` bob", "`  1.` carol"))  # by name
    res = await world.alice.slash(world.channel, "league table", game="schieber", page=7)
    assert res.response.embeds[0].footer.text.startswith("Page 1 of 1")


async def test_unrated_players_come_after_every_rated_one_without_a_rank(world: Any) -> None:
    a, b, c = ids(world)
    await seed(world, [[a, b, c, "900001"]] + [["900005", None, None, None]] * 4, seed=1)
    res = await world.alice.slash(world.channel, "league table", game="schieber")
    rows = res.response.embeds[0].description.splitlines()
    assert [r[:6] for r in rows[:4]] == ["`  1.`", "`  2.`", "`  3.`", "`  4.`"]
    losers = [r for r in rows[:4] if " · 0 won (0%) · " in r]
    assert len(losers) == 2  # the rated team that lost its only match...
    assert rows[4].startswith("**Not rated yet:**")  # ...ranks above anyone unrated
    assert rows[5].startswith("`   –` <@900005> · 4 played · ")
    assert " won (0%)" not in rows[5]  # even one who won with bots beside them
    await league_of(world.env).set_rate_bots(guild_id(world), True)
    res = await world.alice.slash(world.channel, "league table", game="schieber")
    rows = res.response.embeds[0].description.splitlines()
    assert "**Not rated yet:** no match of theirs has been rated yet." in rows


# --- stats --------------------------------------------------------------------------------


async def test_a_players_stats(world: Any) -> None:
    a, b, c = ids(world)
    await seed(world, [[a, b, c, "900001"]] * 3 + [[a, b]] * 4, seed=5)
    res = await world.alice.slash(world.channel, "league stats")
    embed = res.response.embeds[0]
    assert res.ephemeral and embed.title == "League stats"
    assert embed.description == f"<@{a}> · all-time"
    schieber, klaberjass = embed.fields
    assert schieber.name == "Schieber" and klaberjass.name == "Klaberjass"
    assert schieber.value.startswith("**3** matches")
    assert "Weis" in schieber.value and "Stöck" in schieber.value and "Match" in schieber.value
    assert f"Best partner <@{c}>" in schieber.value
    assert klaberjass.value.startswith("**4** matches")
    assert "Rating **" in klaberjass.value and "rank " in klaberjass.value
    assert "As maker:" in klaberjass.value and "Bela" in klaberjass.value

    res = await world.carol.slash(
        world.channel, "league stats", player=world.bob, game="klaberjass"
    )
    [only] = res.response.embeds[0].fields
    assert only.name == "Klaberjass"
    res = await world.carol.slash(world.channel, "league stats", game="klaberjass")
    assert res.response.content == "You have not finished a league Klaberjass match yet."


# --- recent matches and a score sheet -----------------------------------------------------


async def test_recent_matches_and_a_score_sheet_with_every_hand(world: Any) -> None:
    a, b, c = ids(world)
    [first, second] = await seed(world, [[a, b, c, None], [b, c]], seed=9)
    res = await world.alice.slash(world.channel, "league recent")
    lines = res.response.embeds[0].description.splitlines()
    assert lines[0].startswith(f"`#{second}` Klaberjass (to 501)")
    assert lines[1].startswith(f"`#{first}` Schieber (tournament-1000)")
    assert lines[1].endswith("· unrated") and "🏆" in lines[1]
    res = await world.alice.slash(world.channel, "league recent", player=world.alice)
    assert len(res.response.embeds[0].description.splitlines()) == 2  # "With" + one match

    res = await world.bob.slash(world.channel, "league recent", match=first, share=True)
    assert not res.ephemeral
    sheet = res.response.embeds[0]
    assert sheet.title == f"Schieber match #{first} (tournament-1000)"
    assert "Hand  Team A  Team B" in sheet.description
    assert [f.name for f in sheet.fields] == ["Team A", "Team B", "Played"]
    assert "🤖 Bot (easy)" in sheet.fields[0].value + sheet.fields[1].value
    [attachment] = res.response.attachments
    assert attachment.filename == f"trumpf-match-{first}-hands.jsonl"
    records = [json.loads(line) for line in (await attachment.read()).decode().splitlines()]
    match = await league_of(world.env).match(guild_id(world), first)
    assert len(records) == len(match.sheet)
    assert all(replay_record(r)["ok"] for r in records)


# --- seasons and the bots option ----------------------------------------------------------


async def test_seasons_need_manage_server(world: Any) -> None:
    env, channel, bob = world.env, world.channel, world.bob
    dora = admin(world)
    res = await bob.slash(channel, "league season start", name="Spring")
    assert (
        res.ephemeral and res.response.content == "Only members with **Manage Server** can do that."
    )
    res = await dora.slash(channel, "league season start", name="Spring")
    assert not res.ephemeral and res.response.content.startswith("Season **Spring** has started")
    res = await dora.slash(channel, "league season start", name="Summer")
    assert res.ephemeral and "“Spring” is still running" in res.response.content

    a, b, _ = ids(world)
    await seed(world, [[a, b]] * 2)
    res = await bob.slash(channel, "league table")
    assert res.response.embeds[0].title == "Klaberjass league — season “Spring”"
    res = await bob.slash(channel, "league season end")
    assert res.response.content == "Only members with **Manage Server** can do that."
    res = await dora.slash(channel, "league season end")
    assert res.response.content.startswith("Season **Spring** has ended after 2 matches.")
    res = await dora.slash(channel, "league season end")
    assert "No season is running" in res.response.content
    res = await bob.slash(channel, "league season list")
    assert res.response.embeds[0].description.startswith("**Spring** · <t:")
    res = await bob.slash(channel, "league table", season="spring")
    assert res.response.embeds[0].title == "Klaberjass league — season “Spring” (ended)"
    res = await bob.slash(channel, "league table", season="Autumn")
    assert res.response.content == "There is no season called “Autumn”. Seasons: Spring."
    offered = await bob.autocomplete(channel, "league table", "season", "")
    assert [c["value"] for c in offered] == ["Spring", "all-time"]
    offered = await bob.autocomplete(channel, "league stats", "season", "spr")
    assert [c["value"] for c in offered] == ["Spring"]
    assert not env.errors


async def test_rating_matches_with_bots_is_a_server_option(world: Any) -> None:
    channel, bob = world.channel, world.bob
    dora = admin(world)
    res = await bob.slash(channel, "league rated-bots")
    assert "counted but **not rated**" in res.response.content
    res = await bob.slash(channel, "league rated-bots", enabled=True)
    assert res.response.content == "Only members with **Manage Server** can do that."
    res = await dora.slash(channel, "league rated-bots", enabled=True)
    assert res.response.content.startswith("From now on, matches with bots are rated")
    assert await league_of(world.env).rate_bots(guild_id(world))
    res = await bob.slash(channel, "league rated-bots")
    assert "**are rated**" in res.response.content


# --- a match played through Discord lands in the league -----------------------------------


async def test_a_match_played_here_is_in_the_league(world: Any) -> None:
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass klaberjass", target=101, bot=True)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    await play_out(env, channel, alice, panel, 1)
    assert finished(channel, 1) is not None
    await league_of(env).drain()
    res = await alice.slash(channel, "league recent")
    [line] = res.response.embeds[0].description.splitlines()
    assert line.startswith("`#1` Klaberjass (to 101)") and line.endswith("· unrated")
    res = await alice.slash(channel, "league stats")
    assert res.response.embeds[0].fields[0].value.startswith("**1** matches")
    assert not env.errors


async def test_a_match_that_ended_unseen_is_counted_once_after_a_restart(
    world: Any, make_bot: Any
) -> None:
    """Finished and committed, but the bot went down before the league counted it."""
    env = world.env
    a, b, _ = ids(world)
    clock = ManualClock(discord.utils.utcnow().timestamp())
    seeded = await seed_match(env.bot.service.store, clock, [a, b], random.Random(4),
                              guild=guild_id(world))  # fmt: skip
    await env.restart_bot(make_bot())
    res = await world.alice.slash(world.channel, "league recent")
    [line] = res.response.embeds[0].description.splitlines()
    assert line.startswith(f"`#{seeded.table_id}` Klaberjass")
    await env.restart_bot(make_bot())
    res = await world.alice.slash(world.channel, "league table")
    assert res.response.embeds[0].footer.text.startswith("Page 1 of 1 · 2 players")
    assert "1 played" in res.response.embeds[0].description.splitlines()[0]
    assert not env.errors
