"""Private hands never go stale: leave, cancel, match end, pause, restart."""

from __future__ import annotations

import logging
import sqlite3

from cogs.panels import HideTokens
from tables.model import TableStatus
from tests.cogs.helpers import buttons, labels, moves, place, play_out, public, table_message, tick


async def alone_with_bots(world):
    """Alice and three bots at a Schieber table to 200 without a clock; her open panel."""
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(
        channel, "jass schieber", preset="tournament-1000", target=200, clock=0, bots=3
    )
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    assert moves(panel) and "↻ Refresh" in labels(panel)
    return panel


async def test_leaving_turns_the_panel_into_a_goodbye(world):
    panel = await alone_with_bots(world)
    await world.alice.slash(world.channel, "jass leave")
    await tick(world.env)
    embed = panel.embeds[0]
    assert embed.title == "Schieber table #1 — you left"
    assert embed.description == "You left table #1; a medium bot plays your seat from now on."
    assert buttons(panel) == []
    assert not world.env.errors


async def test_a_cancel_clears_the_panel(world):
    panel = await alone_with_bots(world)
    await world.alice.slash(world.channel, "jass cancel")
    await tick(world.env)
    assert panel.embeds[0].title == "Schieber table #1 — cancelled"
    assert buttons(panel) == []


async def test_the_end_of_the_match_shows_the_result_and_play_again(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await alone_with_bots(world)
    await play_out(env, channel, alice, panel, 1)
    await tick(env)
    embed = panel.embeds[0]
    assert embed.title == "Schieber table #1 — the match is over"
    match = env.bot.service.table(1).match
    high, low = sorted(match.scores, reverse=True)
    winner = "Your team" if match.winner == 0 else "Team B"  # Alice sits in team A
    assert embed.description == f"🏆 {winner} won, {high} to {low}."
    assert labels(panel) == ["Play again"]
    again = await alice.click(panel, label="Play again")
    assert "Schieber table #2 with the same seats has started" in again.followups[0].content
    assert env.bot.service.table(2).match is not None


async def test_a_pause_shows_the_cards_without_buttons_and_resume_brings_them_back(world):
    env, guild, channel, alice = world.env, world.guild, world.channel, world.alice
    panel = await alone_with_bots(world)
    locked = env.bot.get_channel(channel.id)
    me = env.bot.get_guild(guild.id).me
    # A moderator locks the channel, and its threads.
    await locked.set_permissions(me, send_messages=False, send_messages_in_threads=False)
    service = env.bot.service
    # Moves to show, until Trumpf's next new message (at the latest the hand's result) is
    # refused (403) and the table pauses.
    for _ in range(20):
        if service.table(1).status is TableStatus.PAUSED:
            break
        if moves(panel):
            await alice.click(panel, custom_id=moves(panel)[0].custom_id)
        await tick(env)
    assert service.table(1).status is TableStatus.PAUSED
    embed = panel.embeds[0]
    assert embed.description.startswith("Table #1 is paused: Trumpf may no longer post")
    fields = {f.name: f.value for f in embed.fields}
    assert 0 < fields["Your cards"].count("<:trumpf_f_") <= 9  # each card's picture and name
    assert buttons(panel) == []
    await locked.set_permissions(me, overwrite=None)
    await alice.slash(channel, "jass resume")
    await tick(env)
    assert "↻ Refresh" in labels(panel)
    assert "Your cards" not in {f.name for f in panel.embeds[0].fields}
    assert not env.errors


async def two_people_mid_bidding(world):
    """Alice and Bob at Klaberjass without a clock: both panels open; who moves first."""
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
    people = {0: alice, 1: bob}
    mover = people[env.bot.service.table(1).to_move]
    waiter = alice if mover is bob else bob
    return hands, people, mover, waiter


async def move_until_turn_passes(env, people, mover, panel):
    while people[env.bot.service.table(1).to_move] is mover:
        await mover.click(panel, custom_id=moves(panel)[0].custom_id)
    await tick(env)


async def test_after_a_restart_a_panel_in_time_keeps_updating(world, make_bot, settings, caplog):
    caplog.set_level(logging.DEBUG, logger="cogs")
    caplog.set_level(logging.DEBUG, logger="tables")
    caplog.set_level(logging.DEBUG, logger="discord")
    env, channel = world.env, world.channel
    hands, people, mover, waiter = await two_people_mid_bidding(world)
    assert not moves(hands[waiter])  # waiting for the other
    await env.restart_bot(make_bot())
    await move_until_turn_passes(env, people, mover, hands[mover])
    assert "**Your turn:**" in hands[waiter].embeds[0].description  # edited after the restart
    assert moves(hands[waiter])
    assert not place(channel).history()[-1].content.startswith(f"{waiter.mention}, it is your turn")
    with sqlite3.connect(settings.db_path) as db:
        [(token,)] = db.execute(
            "SELECT token FROM panels WHERE user_id = ?", (str(waiter.id),)
        ).fetchall()
    assert token not in caplog.text  # kept to edit the panel, never written to a log
    assert all(token not in (m.content or "") for m in public(channel))


async def test_after_a_restart_an_expired_panel_is_dropped_and_the_mention_says_why(
    world, make_bot, settings
):
    env, channel = world.env, world.channel
    hands, people, mover, waiter = await two_people_mid_bidding(world)
    await tick(env, 16 * 60)  # no clock: nothing moves, but the panels' tokens run out
    await env.restart_bot(make_bot())
    with sqlite3.connect(settings.db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM panels").fetchone() == (0,)
    await move_until_turn_passes(env, people, mover, hands[mover])
    assert not moves(hands[waiter])  # it could not be updated...
    ping = place(channel).history()[-1]  # ...so its player is mentioned, and told why
    assert ping.content.startswith(
        f"{waiter.mention}, it is your turn at table #1 (your hand panel is older than "
        "Discord's 15 minutes and cannot update any more)"
    )


async def test_the_forehands_own_panel_speaks_to_them(world):
    env, alice = world.env, world.alice
    panel = await alone_with_bots(world)  # seed 1: Alice is the forehand
    contract = {f.name: f.value for f in panel.embeds[0].fields}["Contract"]
    assert contract == "You choose (forehand)."
    await alice.click(panel, label="♥ hearts")
    await tick(env)
    contract = {f.name: f.value for f in panel.embeds[0].fields}["Contract"]
    assert "♥ hearts" in contract and contract.endswith(" by you")
    assert str(alice.id) not in str(panel.embeds[0].to_dict())
    cards = [b.label for b in buttons(panel) if ":play:" in b.custom_id]
    assert cards and not any(sign in label for label in cards for sign in "♠♣")


async def test_a_panel_discord_will_not_edit_gets_its_player_mentioned_with_the_reason(world):
    env, channel = world.env, world.channel
    hands, people, mover, waiter = await two_people_mid_bidding(world)
    token = env.bot.panels._panels[(1, str(waiter.id))].row.token
    env.inject_error("PATCH", f"/webhooks/*/{token}/messages/*", status=404, code=10008)
    await move_until_turn_passes(env, people, mover, hands[mover])
    ping = place(channel).history()[-1]
    assert ping.content.startswith(
        f"{waiter.mention}, it is your turn at table #1 (your hand panel was dismissed, so it "
        "cannot update)"
    )
    assert not moves(hands[waiter])


def test_discord_py_s_request_log_never_shows_a_token():
    record = logging.LogRecord(
        "discord.webhook.async_", logging.DEBUG, __file__, 1,
        "Webhook ID %s with %s %s has returned status code %s",
        ("42", "PATCH", "https://discord.com/api/v10/webhooks/42/aW50ZXJhY3Rpb24.x-y_z/messages/7",
         200),
        None,
    )  # fmt: skip
    assert HideTokens().filter(record)
    assert record.getMessage() == (
        "Webhook ID 42 with PATCH https://discord.com/api/v10/webhooks/42/<token>/messages/7 "
        "has returned status code 200"
    )
