"""The live board of a hand, and how few messages a hand makes in the table's thread."""

from __future__ import annotations

from collections import Counter

import discord

from cogs.emojis import EMOJIS
from tables.decks import Deck
from tables.events import BotsSlowed
from tests.cogs.helpers import finished, moves, play_out, table_message, tick


async def start(world, *args, **options):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, *args, **options)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    return (await alice.click(table_message(channel, 1), label="🂠 My hand")).response


def is_ping_text(text: str) -> bool:
    """A turn mention: it comes and goes beside the hand's messages."""
    return "it is your turn" in text or "runs out soon" in text


def is_ping(message) -> bool:
    return is_ping_text(message.content)


async def test_a_hand_makes_at_most_three_new_messages(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await start(world, "jass schieber", preset="pagat-3000", target=1000, bots=3)
    [thread] = channel.threads
    before = len(env.http_requests)
    await play_out(env, channel, alice, panel, 1)
    hands = len(env.bot.service.table(1).match.sheet)
    assert hands >= 2
    path = f"/channels/{thread.id}/messages"
    posts = [r for r in env.http_requests[before:] if r.method == "POST" and r.path == path]
    pings = [r for r in posts if is_ping_text((r.json or {}).get("content") or "")]
    # The first hand's log and board were posted before: every hand has a log, a board
    # and a result (the last one carries the score sheet), and nothing else stays.
    assert len(posts) - len(pings) == 3 * hands - 2
    kept = [m for m in thread.history() if not is_ping(m)]
    assert len(kept) == 3 * hands
    logs = [m for m in kept if m.content.startswith("📜 **Hand")]
    assert len(logs) == hands and all("Trick 1:" in m.content for m in logs)
    assert not env.errors


async def test_the_board_shows_the_trick_by_seat_and_who_played_the_last_one(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await start(world, "jass schieber", preset="pagat-3000", bots=3)
    for _ in range(40):  # play until a trick is won and the next one is under way
        table = env.bot.service.table(1)
        view = table.match.observation(0)
        if view.tricks and view.trick:
            break
        legal = moves(panel)
        if legal:
            await alice.click(panel, custom_id=legal[0].custom_id)
        await tick(env)
    board = table_message(channel, 1).embeds[0]
    assert board.title == f"Schieber · table #1 · hand {view.hand_number}"
    lines = board.description.splitlines()
    names = ["alice", "🤖 Bot 2", "🤖 Bot 3", "🤖 Bot 4"]
    seats = [line for line in lines if line.startswith("`")]
    assert len(seats) == 4  # table order, a line per seat
    assert all(line.split(" ", 1)[1].startswith(n) for line, n in zip(seats, names, strict=True))
    leader = view.trick[0][0]
    assert "◂ led" in seats[leader]
    empty = [n for n in range(4) if n not in dict(view.trick)]
    assert all("**·**" in seats[n] for n in empty)  # places still empty are shown
    last = view.tricks[-1]
    [line] = [x for x in lines if x.startswith(f"**Last trick ({last.number})**")]
    picture = EMOJIS.get(Deck.FRENCH, last.cards[0])  # each card: its picture, its name
    first = f"{names[last.leader]} {picture} {last.cards[0]}"
    assert first in line and f"+{last.points}" in line  # who played which card, who took it
    # What the hand counts so far, and the card points it comes from, labelled apart.
    [points] = [x for x in lines if x.startswith("**This hand** Team A **")]
    assert f"(card points {view.hand_points[0]} : {view.hand_points[1]}, with Weis" in points
    assert lines[-1].startswith("**Match to 3000** Team A")
    assert "<@" not in board.title and not board.fields and not board.footer.text


async def test_a_match_that_ends_mid_hand_says_why(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await start(world, "jass schieber", preset="tournament-1000", target=100, bots=3)
    await play_out(env, channel, alice, panel, 1)
    table = env.bot.service.table(1)
    assert table.match.hand.tricks and len(table.match.hand.tricks) < 9  # ended mid-hand
    result = finished(channel, 1)
    [thread] = channel.threads
    last = thread.history()[-1]
    assert "🏁 Team" in last.content and "reached 100 with" in last.content
    assert "the rest of the hand is not played" in last.content
    assert last.embeds[0].title == result.embeds[0].title


async def test_display_names_in_titles_fields_and_the_thread_name(world):
    env, channel, alice, bob = world.env, world.channel, world.alice, world.bob
    await alice.slash(channel, "jass klaberjass", target=100, clock=0)
    await bob.click(channel.last_message, label="Sit: Seat 2")
    await alice.click(channel.history()[0], label="Start")
    await tick(env)
    [thread] = channel.threads
    assert thread.name == "Klaberjass #1: alice, bob"
    await alice.slash(channel, "jass leave")  # a bot plays Alice's seat for good
    hand = (await bob.click(table_message(channel, 1), label="🂠 My hand")).response
    await play_out(env, channel, bob, hand, 1)
    result = finished(channel, 1)
    embed = result.embeds[0]
    assert "<@" not in embed.title and embed.title.startswith("🏆 ")
    assert [f.name for f in embed.fields] == ["🤖 Bot 1", "bob"]
    assert "for alice" in embed.fields[0].value  # whom the bot replaced, by name too
    assert not env.errors


async def test_no_message_is_edited_more_than_once_a_second(world):
    """A whole match while the announcer shows one round a second (the real pace): every
    message's edits are at least a second apart on simcord's clock."""
    env, channel, alice = world.env, world.channel, world.alice
    announcer = env.bot.announcer
    announcer.interval_s = 1.0
    edits: list[tuple[float, int]] = []
    edit = announcer.delivery.edit

    async def recorded(board, where, message_id, screen):
        edits.append((discord.utils.utcnow().timestamp(), message_id))
        return await edit(board, where, message_id, screen)

    announcer.delivery.edit = recorded
    panel = await start(world, "jass schieber", preset="tournament-1000", target=200, bots=3)
    await play_out(env, channel, alice, panel, 1)
    last: dict[int, float] = {}
    for at, message_id in edits:
        assert at - last.get(message_id, at - 1.0) >= 1.0, message_id
        last[message_id] = at
    counts = Counter(message_id for _, message_id in edits)
    assert len(counts) >= 4 and max(counts.values()) >= 9  # boards, logs, the summary


async def test_the_board_says_when_trumpf_is_busy_and_the_bots_think_less(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await start(world, "jass schieber", clock=0, bots=3)
    service = env.bot.service

    async def slowed(on: bool) -> str:
        # What the scheduler publishes when many tables want bot moves at once.
        table = service.table(1)
        env.bot.announcer.on_event(BotsSlowed(1, table.seq, on, 0.25))
        await alice.click(panel, custom_id=moves(panel)[0].custom_id)  # the board moves on
        await tick(env)
        return table_message(channel, 1).embeds[0].description

    busy = "🐢 Trumpf is busy: the bots think 0.25 s a move for now."
    assert busy in await slowed(True)
    assert busy not in await slowed(False)
