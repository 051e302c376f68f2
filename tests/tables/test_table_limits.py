"""Limits in the service: only when given (the Discord bot is); joining counts too."""

from __future__ import annotations

import pytest

from tables.limits import Limits, QuickCooldown, TooManyOfYours


async def test_joining_a_lobby_counts_toward_a_members_open_tables(open_service):
    service = await open_service(limits=Limits(member_tables=2))
    for _ in range(2):
        await service.create_table("klaberjass", "guild", "chan", "ann", seat=0)
    other = await service.create_table("klaberjass", "guild", "chan", "ben", seat=0)
    with pytest.raises(TooManyOfYours) as refused:
        await service.join(other.id, "ann")
    assert [t.id for t in refused.value.mine] == [1, 2]
    assert str(refused.value).startswith("You have 2 open tables here, the most one member")
    assert service.table(other.id).seat_of("ann") is None
    await service.cancel(1, "ann")
    await service.join(other.id, "ann")  # room again
    assert service.table(other.id).seat_of("ann") == 1
    elsewhere = await service.create_table("klaberjass", "other guild", "c", "ann")
    assert elsewhere.host == "ann"  # the limit is per server


async def test_without_limits_the_service_opens_what_it_is_asked(service):
    for _ in range(30):
        await service.create_table("klaberjass", "guild", "chan", "ann", quick=True)
    assert len(service.tables()) == 30


async def test_the_quick_cooldown_counts_on_the_services_clock(open_service, clock):
    service = await open_service(limits=Limits(quick_cooldown_s=30))
    await service.create_table("klaberjass", "guild", "chan", "ann", quick=True)
    clock.advance(29)
    with pytest.raises(QuickCooldown) as refused:
        await service.create_table("klaberjass", "guild", "chan", "ann", quick=True)
    assert refused.value.wait_s == pytest.approx(1)
    await service.create_table("klaberjass", "guild", "chan", "ann")  # not quick: no wait
    clock.advance(1)
    await service.create_table("klaberjass", "guild", "chan", "ann", quick=True)
