"""LAN discovery with zeroconf, kept on the loopback interface so the test sends nothing outside."""

from __future__ import annotations

import asyncio

import pytest

from netplay.discovery import Advertiser, browse, lan_addresses

LOOPBACK = ["127.0.0.1"]


async def test_a_host_advertised_on_loopback_is_found_by_browsing():
    advertiser = Advertiser("testhost", 7777, interfaces=LOOPBACK)
    if not await advertiser.start():
        pytest.skip("multicast DNS is not available on the loopback interface here")
    try:
        found = await asyncio.wait_for(browse(1.5, interfaces=LOOPBACK), 10)
    finally:
        await advertiser.stop()
    assert any(h.name == "testhost" and h.port == 7777 and h.address == "127.0.0.1" for h in found)
    assert "testhost — 127.0.0.1:7777" in [h.label() for h in found]


async def test_browsing_finds_nothing_when_no_host_advertises():
    assert await asyncio.wait_for(browse(0.5, interfaces=LOOPBACK), 10) == []


def test_lan_addresses_leave_out_loopback():
    assert all(not address.startswith("127.") for address in lan_addresses())
