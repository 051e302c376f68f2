"""Lobby answers count seats from 1 and name people by their display name, never by id."""

from __future__ import annotations

from cogs.refs import REMOVE_BOT, SIT, Ref
from tests.cogs.helpers import post_button


async def click_stale(world, player, action: str, arg: str) -> str:
    """A click on a lobby button drawn before the lobby changed (a stale client)."""
    ref = Ref(1, action, arg)
    message = await post_button(world.env, world.channel, ref.custom_id, "old button")
    res = await player.click(message, custom_id=ref.custom_id)
    [answer] = res.followups
    assert answer.ephemeral
    return answer.content


async def test_every_lobby_answer_counts_from_1_and_names_people(world):
    channel, alice, bob, carol = world.channel, world.alice, world.bob, world.carol
    await alice.slash(channel, "jass schieber")
    await bob.click(channel.last_message, label="Sit: Seat 2 (B)")
    await alice.click(channel.history()[0], label="Add bot: hard")  # seat 3
    bob_name = bob.name
    answers = [
        (carol, SIT, "1", f"Seat 2 is taken by {bob_name}."),
        (bob, SIT, "0", f"Seat 1 is taken by {alice.name}; only the host can "
         "swap people."),
        (carol, SIT, "2", "Seat 3 is taken by a hard bot."),
        (alice, REMOVE_BOT, "3", "No bot sits in seat 4."),
        (alice, SIT, "7", "There is no seat 8; seats are 1 to 4."),
    ]  # fmt: skip
    for player, action, arg, expected in answers:
        text = await click_stale(world, player, action, arg)
        assert text == expected
        assert str(bob.id) not in text and str(alice.id) not in text
    assert not world.env.errors


async def test_a_seat_is_named_by_the_holders_name_in_this_server(world):
    env, channel, bob = world.env, world.channel, world.bob
    anna = world.guild.add_member(env.create_user("a1456", global_name="Anna"), nick="Annie")
    await anna.slash(channel, "jass klaberjass")
    text = await click_stale(world, bob, SIT, "0")
    assert text == "Seat 1 is taken by Annie."
