"""Clicks that must change nothing: someone else's cards, not seated, old, doubled, illegal."""

from __future__ import annotations

import pytest
import simcord

from cogs.card_faces import card_face
from cogs.refs import Ref
from tables.decks import Deck
from tests.cogs.helpers import buttons, moves, post_button, private_history, table_message, tick


async def seated_game(world, *, clock: int | None = None):
    """Alice hosts a Schieber table with Bob in seat 2 and two bots; it has started."""
    options = {} if clock is None else {"clock": clock}
    await world.alice.slash(world.channel, "jass schieber", **options)
    await world.bob.click(world.channel.last_message, label="Sit: Seat 2 (B)")
    for _ in range(2):
        await world.alice.click(world.channel.history()[0], label="Add bot: easy")
    await world.alice.click(world.channel.history()[0], label="Start")
    await tick(world.env)
    return world.env.bot.service


async def test_another_players_cards_are_refused_and_change_nothing(world):
    env, channel, alice, bob, carol = world.env, world.channel, world.alice, world.bob, world.carol
    service = await seated_game(world)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    with pytest.raises(simcord.SetupError, match="not visible"):
        await bob.click(panel, custom_id=buttons(panel)[0].custom_id)  # private: Bob cannot
    seq = service.table(1).seq
    card = buttons(panel)[0]
    forged = await post_button(env, channel, card.custom_id, card.label)

    res = await bob.click(forged, custom_id=card.custom_id)
    [answer] = res.followups if res.followups else [res.response]
    assert answer.ephemeral
    assert (
        answer.content
        == f"These are {alice.mention}'s cards, not yours. Press **My hand** for yours."
    )
    res = await carol.click(forged, custom_id=card.custom_id)
    assert res.response.ephemeral
    assert res.response.content == f"You do not sit at table #1: these are {alice.mention}'s cards."
    assert service.table(1).seq == seq


async def test_a_double_click_plays_one_card(world):
    env, channel, alice = world.env, world.channel, world.alice
    service = await seated_game(world)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    [choice, *_] = moves(panel)  # Alice is the forehand: the contract is hers to choose
    first = await post_button(env, channel, choice.custom_id, choice.label)
    second = await post_button(env, channel, choice.custom_id, choice.label)
    seq = service.table(1).seq

    await alice.click(first, custom_id=choice.custom_id)
    assert service.table(1).seq == seq + 1
    res = await alice.click(second, custom_id=choice.custom_id)
    [answer] = res.followups
    assert answer.ephemeral and "Nothing was played" in answer.content
    assert "The table has moved on" in answer.content
    assert service.table(1).seq == seq + 1  # the second click was refused, not applied


async def test_out_of_turn_and_illegal_cards_are_explained(world):
    env, channel, alice, bob = world.env, world.channel, world.alice, world.bob
    service = await seated_game(world, clock=0)
    table = table_message(channel, 1)
    panel = (await alice.click(table, label="🂠 My hand")).response
    bobs = (await bob.click(table, label="🂠 My hand")).response
    await alice.click(panel, label="♣ clubs")  # Alice names clubs and leads; Bob is next
    await alice.click(panel, custom_id=moves(panel)[0].custom_id)
    table = service.table(1)
    assert table.to_move == 1
    card = next(b for b in buttons(panel) if ":play:" in b.custom_id)
    now = Ref(1, "play", Ref.parse(card.custom_id).arg, table.seq, 1, 0)
    early = await post_button(env, channel, now.custom_id, card.label)
    res = await alice.click(early, custom_id=now.custom_id)
    assert res.followups[0].content == (
        f"It is not your turn: {bob.mention} is to move. Nothing was played."
    )
    assert service.table(1).seq == table.seq

    for _ in range(60):  # on, until Alice holds a card she may not play
        view = service.observation(1, str(alice.id))
        illegal = [c for c in view.hand if c not in {a.card for a in view.legal}]
        if view.my_turn and illegal:
            break
        for player, hand in ((alice, panel), (bob, bobs)):
            if moves(hand):
                await player.click(hand, custom_id=moves(hand)[0].custom_id)
        await tick(env)
    else:
        pytest.fail("no illegal card came up")
    disabled = {b.label for b in buttons(panel) if b.disabled and ":play:" in b.custom_id}
    # what the rules forbid: no click
    assert disabled == {card_face(Deck.FRENCH, c)[0] for c in illegal}
    table = service.table(1)
    wrong = Ref(1, "play", illegal[0].code, table.seq, view.hand_number, 0)
    forged = await post_button(env, channel, wrong.custom_id, str(illegal[0]))
    res = await alice.click(forged, custom_id=wrong.custom_id)
    assert res.followups[0].ephemeral and res.followups[0].content.endswith("Nothing was played.")
    assert service.table(1).seq == table.seq


async def test_a_button_from_an_earlier_hand(world):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass schieber", clock=0, bots=3)  # no clock: she may think
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    service = env.bot.service
    old = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    old_choice = moves(old)[0]
    await tick(env, 16 * 60)  # the panel's token (15 minutes) has run out
    fresh = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    assert fresh.id != old.id
    for _ in range(200):  # Alice plays on with her fresh panel until hand 2
        if service.table(1).match.hand_number == 2:
            break
        legal = moves(fresh)
        if legal:
            await alice.click(fresh, custom_id=legal[0].custom_id)
        await tick(env)
    seq = service.table(1).seq
    assert old.embeds[0].title.endswith("hand 1")  # the old panel could not follow

    res = await alice.click(old, custom_id=old_choice.custom_id)
    [answer] = res.followups
    assert answer.ephemeral
    assert answer.content.startswith("That button is from hand 1; hand 2 is being played now.")
    assert service.table(1).seq == seq
    assert old.embeds[0].title.endswith("hand 2")  # the click revived it: it shows hand 2


async def test_a_new_private_hand_replaces_the_one_before(world):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass quick")
    await tick(env)
    first = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    second = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    mine = [m.id for m in private_history(channel, alice)]
    assert second.id in mine and first.id not in mine  # one private hand at a time
    third = (await alice.slash(channel, "jass hand")).response
    mine = [m.id for m in private_history(channel, alice)]
    assert third.id in mine and second.id not in mine
