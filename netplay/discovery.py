"""LAN discovery with zeroconf: the host advertises `_coup._tcp`, `coup join` browses for it."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import secrets
import socket
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from netplay.wire import PROTOCOL_VERSION

log = logging.getLogger(__name__)
SERVICE = "_coup._tcp.local."


class LanUnavailable(Exception):
    """This machine cannot search its network (no interface multicast DNS can use); the message says why."""


@dataclass(frozen=True)
class FoundHost:
    """A host seen on the LAN: its name, the address to reach it at, its port and the protocol it advertises."""

    name: str
    address: str
    port: int
    protocol: int | None = None

    def label(self) -> str:
        """'name — address:port', and a warning when the host speaks another protocol."""
        label = f"{self.name} — {self.address}:{self.port}"
        if self.protocol is not None and self.protocol != PROTOCOL_VERSION:
            label += f" (another version of coup: protocol {self.protocol})"
        return label


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, to tell players where to connect."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    return sorted(set(found))


def local_interfaces() -> list[ipaddress.IPv4Interface]:
    """This machine's IPv4 addresses with their networks, loopback included."""
    return [
        ipaddress.IPv4Interface(f"{ip.ip}/{ip.network_prefix}")
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if isinstance(ip.ip, str)
    ]


def nearest(addresses: list[str], interfaces: list[ipaddress.IPv4Interface]) -> str:
    """Of a host's addresses (it advertises every one it has: a LAN's, a container bridge's, a VPN's...), the one to
    connect to from a machine with interfaces: the first on a network of ours that is not an address of ours (two
    machines' container bridges often share 172.17.0.1), else one of ours (the host runs here), else the first."""

    def rank(address: str) -> int:
        ip = ipaddress.IPv4Address(address)
        if any(ip == interface.ip for interface in interfaces):
            return 1
        return 0 if any(ip in interface.network for interface in interfaces) else 2

    return min(addresses, key=rank)


def advertised_protocol(info: AsyncServiceInfo) -> int | None:
    """The protocol version in a host's TXT record (None if it says none)."""
    value = info.properties.get(b"protocol")
    return int(value) if value is not None and value.isdigit() else None


class Advertiser:
    """Registers the host's service while it runs; failures only log (the host still works)."""

    def __init__(self, name: str, port: int, interfaces: list[str] | None = None) -> None:
        self.name, self.port, self.interfaces = name, port, interfaces
        self.zeroconf: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None

    async def start(self) -> bool:
        """Advertise; False (with a log line) if the LAN cannot be reached."""
        addresses = self.interfaces or lan_addresses() or ["127.0.0.1"]
        try:
            self.zeroconf = AsyncZeroconf(
                interfaces=self.interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only
            )
            self.info = AsyncServiceInfo(
                SERVICE,
                f"{self.name}.{SERVICE}",
                addresses=[socket.inet_aton(a) for a in addresses],
                port=self.port,
                properties={"protocol": str(PROTOCOL_VERSION)},
                server=f"coup-{secrets.token_hex(4)}.local.",  # its own: machines that share a hostname stay apart
            )
            await self.zeroconf.async_register_service(self.info, allow_name_change=True)
            return True
        except Exception as error:  # zeroconf raises many kinds of socket errors
            log.warning("LAN advertising is off: %s", error)
            await self.stop()
            return False

    async def stop(self) -> None:
        """Withdraw the advertisement."""
        if self.zeroconf is not None:
            try:
                if self.info is not None:
                    await self.zeroconf.async_unregister_service(self.info)
                await self.zeroconf.async_close()
            except Exception as error:
                log.info("while stopping LAN advertising: %s", error)
            self.zeroconf = None


async def browse(seconds: float = 2.0, interfaces: list[str] | None = None) -> list[FoundHost]:
    """The coup hosts that answer on the LAN within seconds, each once, at the address this machine reaches it by;
    LanUnavailable when this machine cannot search (no network but loopback, or no interface zeroconf can use)."""
    names: set[str] = set()

    def changed(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange, **_: Any) -> None:
        if state_change is ServiceStateChange.Added:
            names.add(name)

    if interfaces is None and not lan_addresses():
        raise LanUnavailable("this machine has no network address but loopback")
    try:
        azc = AsyncZeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    except Exception as error:  # zeroconf raises many kinds of socket errors
        raise LanUnavailable(str(error)) from None
    try:
        browser = AsyncServiceBrowser(azc.zeroconf, SERVICE, handlers=[changed])
        await asyncio.sleep(seconds)
        await browser.async_cancel()
        found = []
        ours = local_interfaces()
        for name in sorted(names):
            info = AsyncServiceInfo(SERVICE, name)
            addresses = info.parsed_addresses(IPVersion.V4Only) if await info.async_request(azc.zeroconf, 1000) else []
            if addresses and info.port:
                short = name.removesuffix("." + SERVICE)
                found.append(FoundHost(short, nearest(addresses, ours), info.port, advertised_protocol(info)))
        return found
    except Exception as error:  # as above
        raise LanUnavailable(str(error)) from None
    finally:
        await azc.async_close()
