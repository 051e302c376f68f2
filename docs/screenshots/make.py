"""Make the README's pictures again: the real bot under simcord, captured in a browser.

    pip install -e ".[dev,screenshots]"
    apt-get install chromium        # or point CHROMIUM at any Chromium binary
    python docs/screenshots/make.py

It plays a seeded Schieber table (Alice, Bob and two bots) and writes, at phone width
(420 px) and desktop width (1100 px): the lobby, the board in the middle of a hand,
Alice's private hand, and a hand's result.  Not part of the test suite.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import simcord  # noqa: E402
from simcord.preview import _capture  # noqa: E402

import cogs.app  # noqa: E402
import tables.store  # noqa: E402
from cogs.app import TrumpfBot  # noqa: E402
from cogs.refs import GAME_ACTIONS, Ref  # noqa: E402
from tables.settings import Settings  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")
WIDTHS = {"phone": (420, 860), "desktop": (1100, 760)}


async def _system_chromium(self: Any) -> Any:
    """simcord launches Playwright's own browser; none can be downloaded here."""
    if self._browser is None:
        from playwright.async_api import async_playwright

        self._playwright = await async_playwright().start()
        self._browser = await self._playwright.chromium.launch(executable_path=CHROMIUM)
    return self._browser


_capture.ManagedCapture._ensure_browser = _system_chromium
# The store's write-ahead checkpoints wake every second forever; simcord waits for due
# work, so they are put a year apart (as the tests do).
tables.store.CHECKPOINT_EVERY_S = 365 * 24 * 3600.0
# simcord's preview cannot show application-emoji images offline (the capture reports
# the page incomplete): the pictures show the cards as text faces.
cogs.app.start_card_emojis = lambda client: None  # type: ignore[assignment]


def buttons(message: Any) -> list[Any]:
    message = getattr(message, "message", message)
    return [c for row in message.components for c in getattr(row, "children", [row])]


def moves(panel: Any) -> list[Any]:
    return [
        b
        for b in buttons(panel)
        if not b.disabled and b.custom_id and Ref.parse(b.custom_id).action in GAME_ACTIONS
    ]


def board_of(channel: Any) -> Any:
    for thread in reversed(channel.threads):
        for m in reversed(thread.history()):
            if m.embeds and " · hand " in (m.embeds[0].title or "") and buttons(m):
                return m
    raise LookupError("no board")


async def shoot(env: Any, place: Any, viewer: Any, target: Any, name: str) -> None:
    """One picture per width of the channel (or thread) around the target message."""
    for width_name, (width, height) in WIDTHS.items():
        async with env.preview(
            place, viewers=[viewer], layout="channel", width=width, height=height
        ) as preview:
            path = HERE / f"{name}-{width_name}.png"
            await preview.screenshot(path, viewer=viewer, target=target, mode="viewport")
            print("wrote", path.relative_to(HERE.parents[1]))


async def play(env: Any, alice: Any, panel: Any, until: Any, limit: int = 200) -> None:
    """Alice plays her first legal move each turn until ``until()`` holds."""
    for _ in range(limit):
        if until():
            return
        legal = moves(panel)
        if legal:
            await alice.click(panel, custom_id=legal[0].custom_id)
        await env.advance_time(1.0)
    raise RuntimeError("the table did not get there")


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(db_path=f"{tmp}/trumpf.sqlite3", bot_pause_s=0.0)
        seeds = itertools.count(10)  # a deal where both teams hold Weis
        bot = TrumpfBot(
            settings, interval_s=0, retry_s=0, service_options={"seeds": lambda: next(seeds)}
        )
        async with simcord.run(bot) as env:
            guild = env.create_guild("Jass Club")
            channel = guild.create_text_channel("jass")
            alice = guild.add_member(env.create_user("alice"), nick="Alice")
            bob = guild.add_member(env.create_user("bob"), nick="Bob")
            await alice.slash(channel, "jass schieber", preset="pagat-3000", target=1500)
            lobby = channel.last_message
            await bob.click(lobby, label="Sit: Seat 2 (B)")
            await alice.click(channel.history()[0], label="Add bot: medium")
            await shoot(env, channel, alice, channel.history()[0], "lobby")
            await alice.click(channel.history()[0], label="Add bot: hard")
            await alice.click(channel.history()[0], label="Start")
            await env.advance_time(1.0)
            service = env.bot.service
            bob_panel = (await bob.click(board_of(channel), label="🂠 My hand")).response
            panel = (await alice.click(board_of(channel), label="🂠 My hand")).response

            def mid_hand() -> bool:
                hand = service.table(1).match.hand
                return len(hand.tricks) >= 2 and len(hand.trick) == 2

            async def both(until: Any) -> None:
                for _ in range(300):
                    if until():
                        return
                    for who, p in ((alice, panel), (bob, bob_panel)):
                        legal = moves(p)
                        if legal:
                            await who.click(p, custom_id=legal[0].custom_id)
                    await env.advance_time(1.0)
                raise RuntimeError("the table did not get there")

            await both(mid_hand)
            thread = channel.threads[-1]
            await shoot(env, thread, alice, board_of(channel), "board")
            await shoot(env, thread, alice, panel, "hand")
            await both(lambda: service.table(1).match.hand_number >= 2)
            results = [m for m in thread.history() if m.content.startswith("**Hand 1:**")]
            await shoot(env, thread, alice, results[-1], "result")
            await shoot(env, channel, alice, channel.history()[0], "summary")


if __name__ == "__main__":
    asyncio.run(main())
