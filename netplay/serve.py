"""Running a host as a program: listen, advertise on the LAN, say where to connect, stop cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from typing import Any

from netplay.discovery import Advertiser, lan_addresses
from netplay.host import Host
from netplay.limits import HostLimits
from netplay.ssh_server import Access, Limits, SSHHost
from netplay.storage import data_dir


async def serve_forever(args: Any, say: Callable[[str], None], app_factory: Callable[[str, int], Any]) -> int:
    """Serve until SIGINT/SIGTERM. args carries bind, port, no_lan, data, bot_delay, grace, idle, name and
    the ssh options; app_factory(host, port) makes the factory of apps for SSH sessions."""
    folder = args.data or data_dir()
    limits = HostLimits(idle_seconds=args.idle)
    host = Host(data_dir=folder, bot_delay=args.bot_delay, grace=args.grace, name=args.name, limits=limits)
    port = await host.start(args.bind, args.port)
    ssh = None
    if not args.no_ssh:
        access = Access(args.ssh_keys, os.environ.get(args.ssh_password_env) if args.ssh_password_env else None)
        lobby = "127.0.0.1" if args.bind in ("0.0.0.0", "", "::") else args.bind
        ssh = SSHHost(
            app_factory(lobby, port), folder / "ssh_host_ed25519_key", access, Limits(idle_seconds=args.ssh_idle)
        )
        ssh_port = await ssh.start(args.bind, args.ssh_port)
    addresses = lan_addresses() if args.bind in ("0.0.0.0", "") else [args.bind]
    for address in addresses or ["127.0.0.1"]:
        say(f"coup host listening on {address}:{port} — players run: coup join {address}:{port}")
        if ssh is not None:
            say(f"  or, with nothing installed: ssh -p {ssh_port} NAME@{address}")
    resumed = sum(1 for t in host.tables.values() if t.started)
    if resumed:
        say(f"resumed {resumed} unfinished table(s) from the journal")
    advertiser = None
    if not args.no_lan:
        advertiser = Advertiser(args.name, port)
        say("advertising on the LAN as _coup._tcp" if await advertiser.start() else "LAN advertising failed")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    say("stopping; unfinished tables stay in the journal")
    if advertiser is not None:
        await advertiser.stop()
    if ssh is not None:
        await ssh.stop()
    await host.stop()
    return 0
