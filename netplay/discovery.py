"""LAN discovery with zeroconf: the host advertises `_coup._tcp`, `coup join` browses for it."""

from __future__ import annotations

import asyncio
import logging
import socket
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

log = logging.getLogger(__name__)
SERVICE = "_coup._tcp.local."


@dataclass(frozen=True)
class FoundHost:
    """A host seen on the LAN."""

    name: str
    address: str
    port: int

    def label(self) -> str:
        """'name — address:port'."""
        return f"{self.name} — {self.address}:{self.port}"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, to tell players where to connect."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    return sorted(set(found))


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
                properties={"protocol": "1"},
                server=f"{socket.gethostname()}.local.",
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
    """The coup hosts that answer on the LAN within seconds."""
    names: set[str] = set()

    def changed(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange, **_: Any) -> None:
        if state_change is ServiceStateChange.Added:
            names.add(name)

    try:
        azc = AsyncZeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    except Exception as error:
        log.warning("cannot browse the LAN: %s", error)
        return []
    try:
        browser = AsyncServiceBrowser(azc.zeroconf, SERVICE, handlers=[changed])
        await asyncio.sleep(seconds)
        await browser.async_cancel()
        found = []
        for name in sorted(names):
            info = AsyncServiceInfo(SERVICE, name)
            if await info.async_request(azc.zeroconf, 1000):
                for address in info.parsed_addresses(IPVersion.V4Only):
                    found.append(FoundHost(name.removesuffix("." + SERVICE), address, info.port or 0))
        return found
    except Exception as error:
        log.warning("LAN browsing failed: %s", error)
        return []
    finally:
        await azc.async_close()
