"""A two-player Klaberjass table through Discord: bidding, the swap of the 7, to the end."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cogs.app import TrumpfBot
from engine.actions import Action, Bid, BidKind
from tests.cogs.helpers import (
    buttons,
    contents,
    finished,
    labels,
    moves,
    play_out,
    table_message,
    tick,
)

# Deal seed 7: Alice (seat 1) is the elder, the turn-up is ♥8, and she holds the ♥7.
SEED_ALICE_CAN_SWAP = 7


class PassingBot:
    """Passes whenever it may, otherwise plays any legal card."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        passes = [a for a in legal if isinstance(a, Bid) and a.kind is BidKind.PASS]
        return passes[0] if passes else self.rng.choice(list(legal))


def passing_bots(level: str, seed: int) -> PassingBot:
    return PassingBot(seed)


@pytest.fixture
def simcord_bot(request: Any, make_bot: Callable[..., TrumpfBot]) -> TrumpfBot:
    seeds = itertools.chain([SEED_ALICE_CAN_SWAP], itertools.count(100))
    options: dict[str, Any] = {"seeds": lambda: next(seeds)}
    if getattr(request, "param", None) == "passing bots":
        options["bots"] = passing_bots
    return make_bot(**options)


async def open_table(world: Any, **options: Any) -> Any:
    """Alice opens a Klaberjass table with a bot and starts it; returns her private hand."""
    await world.alice.slash(world.channel, "jass klaberjass", bot=True, **options)
    await world.alice.click(world.channel.last_message, label="Start")
    await tick(world.env)
    table = table_message(world.channel, 1)
    return (await world.alice.click(table, label="🂠 My hand")).response


async def test_bidding_the_swap_of_the_seven_and_a_whole_match(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await open_table(world, target=150, level="easy")
    table = table_message(channel, 1)
    assert table.embeds[0].title == "Klaberjass · table #1 · hand 1"
    first_line = table.embeds[0].description.splitlines()[0]
    assert first_line == "Turned-up card **♥8** · bidding, round 1"  # not "the trick"
    assert panel.embeds[0].description.startswith("**Your turn:** take ♥ hearts or pass.")
    assert [b.label for b in moves(panel)] == ["Take ♥", "Pass"]
    assert len([b for b in buttons(panel) if ":play:" in b.custom_id]) == 6

    await alice.click(panel, label="Take ♥")
    await tick(env)
    table = table_message(channel, 1)
    # The board names people by display name, as everywhere on it.
    assert table.embeds[0].description.startswith("Trump **♥ hearts**, taken by alice")
    assert "turned-up card ♥8" in table.embeds[0].description
    assert "You may first swap the trump 7 for the turn-up." in panel.embeds[0].description
    assert "Swap ♥7 for ♥8" in [b.label for b in moves(panel)]
    assert len([b for b in buttons(panel) if ":play:" in b.custom_id]) == 9

    await alice.click(panel, label="Swap ♥7 for ♥8")
    assert f"🔄 {alice.mention} swaps ♥7 for the turn-up ♥8." in contents(channel)
    cards = [b.label for b in buttons(panel) if ":play:" in b.custom_id]
    assert "♥8" in cards and "♥7" not in cards
    table = table_message(channel, 1)
    assert "alice swapped the 7" in table.embeds[0].description

    await play_out(env, channel, alice, panel, 1)
    result = finished(channel, 1)
    assert "wins Klaberjass table #1" in result.embeds[0].title
    assert "<@" not in result.embeds[0].title  # a title shows no mentions: display names
    assert "alice" in result.embeds[0].description and "Total" in result.embeds[0].description
    assert [f.name for f in result.embeds[0].fields] == ["alice", "🤖 Bot 2"]
    text = contents(channel)
    assert "Trick 1:" in text and "**Hand 1:**" in text
    assert labels(result) == ["Play again"]
    assert not env.errors


@pytest.mark.parametrize("simcord_bot", ["passing bots"], indirect=True)
async def test_both_pass_and_alice_names_trump_in_round_two(world):
    env, channel, alice = world.env, world.channel, world.alice
    panel = await open_table(world)
    await alice.click(panel, label="Pass")
    await tick(env)
    table = table_message(channel, 1)
    first_line = table.embeds[0].description.splitlines()[0]
    assert first_line == "Turned-up card **♥8** · bidding, round 2"
    assert "name another suit as trump, or pass" in panel.embeds[0].description
    assert [b.label for b in moves(panel)] == [
        "Name ♠ spades",
        "Name ♦ diamonds",
        "Name ♣ clubs",
        "Pass",
    ]
    await alice.click(panel, label="Name ♣ clubs")
    await tick(env)
    table = table_message(channel, 1)
    assert table.embeds[0].description.startswith("Trump **♣ clubs**, named by alice")
    # A named trump allows no swap.
    assert not any(b.label.startswith("Swap") for b in moves(panel))


async def test_a_quick_klaberjass_game_starts_at_once(world):
    env, channel, alice = world.env, world.channel, world.alice
    res = await alice.slash(channel, "jass quick", game="klaberjass", level="hard")
    assert res.ephemeral and "Klaberjass table #1 is open" in res.response.content
    assert "It has started below." in res.response.content
    await tick(env)
    assert table_message(channel, 1).embeds[0].title == "Klaberjass · table #1 · hand 1"
    table = env.bot.service.table(1)
    assert [s.bot for s in table.seats] == [None, "hard"]
    assert not any("lobby" in (m.embeds[0].title or "") for m in channel.history() if m.embeds)
