"""LAN discovery with zeroconf: on the loopback interface, and for real between two network namespaces joined by a
virtual cable (a host advertising in one, `coup join` browsing in the other), so the test sends nothing outside."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from netplay.discovery import Advertiser, FoundHost, LanUnavailable, browse, lan_addresses, nearest
from netplay.wire import PROTOCOL_VERSION

LOOPBACK = ["127.0.0.1"]
ROOT = Path(__file__).resolve().parent.parent
ADVERTISE = """
import asyncio, sys
from netplay.discovery import Advertiser
async def main():
    advertiser = Advertiser("lanhost", 7654)
    print("advertising" if await advertiser.start() else "failed", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the test closes stdin
    await advertiser.stop()
asyncio.run(main())
"""
BROWSE = """
import asyncio, json
from dataclasses import asdict
from netplay.discovery import LanUnavailable, browse
try:
    print(json.dumps([asdict(found) for found in asyncio.run(browse(2.0))]))
except LanUnavailable as error:
    print(json.dumps({"unavailable": str(error)}))
"""


async def test_a_host_advertised_on_loopback_is_found_by_browsing():
    advertiser = Advertiser("testhost", 7777, interfaces=LOOPBACK)
    if not await advertiser.start():
        pytest.skip("multicast DNS is not available on the loopback interface here")
    try:
        found = await asyncio.wait_for(browse(1.5, interfaces=LOOPBACK), 10)
    finally:
        await advertiser.stop()
    assert [(h.name, h.port, h.address, h.protocol) for h in found] == [
        ("testhost", 7777, "127.0.0.1", PROTOCOL_VERSION)
    ]
    assert "testhost — 127.0.0.1:7777" in [h.label() for h in found]


async def test_browsing_finds_nothing_when_no_host_advertises():
    assert await asyncio.wait_for(browse(0.5, interfaces=LOOPBACK), 10) == []


def test_lan_addresses_leave_out_loopback():
    assert all(not address.startswith("127.") for address in lan_addresses())


def test_a_host_is_listed_at_the_address_on_the_browsers_own_network():
    ours = [ipaddress.IPv4Interface("192.168.1.30/24"), ipaddress.IPv4Interface("172.17.0.1/16")]
    assert nearest(["172.17.0.1", "192.168.1.20"], ours) == "192.168.1.20"  # its bridge's address is ours too
    assert nearest(["10.8.0.5", "192.168.1.20"], ours) == "192.168.1.20"
    assert nearest(["172.17.0.1", "192.168.1.30"], ours) == "172.17.0.1"  # the host runs here: any of ours
    assert nearest(["10.8.0.5", "10.9.0.5"], ours) == "10.8.0.5"  # none on our networks: the first


def test_a_host_of_another_protocol_says_so_in_its_label():
    assert FoundHost("coup", "10.0.0.5", 7654, PROTOCOL_VERSION).label() == "coup — 10.0.0.5:7654"
    older = FoundHost("coup", "10.0.0.5", 7654, PROTOCOL_VERSION - 1).label()
    assert older == f"coup — 10.0.0.5:7654 (another version of coup: protocol {PROTOCOL_VERSION - 1})"


def ip(*args: str) -> None:
    """Run `ip args`; skip the test, saying why, when this machine cannot (no `ip`, not root, no namespaces)."""
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command here to make network namespaces")
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        pytest.skip(f"cannot make a test network here: `ip {' '.join(args)}` says {done.stderr.strip()!r}")


@contextlib.contextmanager
def namespaces(*names: str) -> Iterator[None]:
    """Network namespaces that exist for the with block (their interfaces go with them)."""
    made = []
    try:
        for name in names:
            ip("netns", "add", name)
            made.append(name)
            ip("-n", name, "link", "set", "lo", "up")
        yield
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


def inside(namespace: str, script: str) -> list[str]:
    """The command running the Python script in namespace."""
    return ["ip", "netns", "exec", namespace, sys.executable, "-c", script]


ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def test_a_host_on_the_lan_is_found_once_at_the_address_the_player_can_reach():
    tag = f"{os.getpid() % 100000}"
    host_ns, player_ns = f"coup-test-host-{tag}", f"coup-test-player-{tag}"
    with namespaces(host_ns, player_ns):
        ip("link", "add", f"cph{tag}", "type", "veth", "peer", "name", f"cpp{tag}")
        ip("link", "set", f"cph{tag}", "netns", host_ns)
        ip("link", "set", f"cpp{tag}", "netns", player_ns)
        ip("-n", host_ns, "addr", "add", "10.77.0.1/24", "dev", f"cph{tag}")
        ip("-n", host_ns, "addr", "add", "172.31.0.1/16", "dev", f"cph{tag}")  # a network the player is not on
        ip("-n", player_ns, "addr", "add", "10.77.0.2/24", "dev", f"cpp{tag}")
        ip("-n", host_ns, "link", "set", f"cph{tag}", "up")
        ip("-n", player_ns, "link", "set", f"cpp{tag}", "up")
        for namespace, side in ((host_ns, "h"), (player_ns, "p")):  # each machine's own container bridge, alike
            ip("-n", namespace, "link", "add", f"cb{side}{tag}", "type", "veth", "peer", "name", f"cx{side}{tag}")
            ip("-n", namespace, "addr", "add", "172.17.0.1/16", "dev", f"cb{side}{tag}")
            ip("-n", namespace, "link", "set", f"cb{side}{tag}", "up")
        advertiser = subprocess.Popen(
            inside(host_ns, ADVERTISE), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=ENV
        )
        try:
            assert advertiser.stdout is not None and advertiser.stdout.readline().strip() == "advertising"
            browsed = subprocess.run(inside(player_ns, BROWSE), capture_output=True, text=True, env=ENV, timeout=30)
        finally:
            advertiser.communicate("", timeout=30)
    found = json.loads(browsed.stdout or "null")
    assert found == [{"name": "lanhost", "address": "10.77.0.1", "port": 7654, "protocol": PROTOCOL_VERSION}], (
        browsed.stderr
    )


def test_browsing_from_a_machine_on_no_network_says_why():
    name = f"coup-test-alone-{os.getpid() % 100000}"
    with namespaces(name):
        browsed = subprocess.run(inside(name, BROWSE), capture_output=True, text=True, env=ENV, timeout=30)
    assert json.loads(browsed.stdout or "null") == {"unavailable": "this machine has no network address but loopback"}


async def test_browsing_where_zeroconf_cannot_start_raises_lan_unavailable():
    with pytest.raises(LanUnavailable):
        await browse(0.1, interfaces=["192.0.2.1"])  # an address this machine does not have
