"""Running a host as a program: listen, run the SSH door beside it, advertise on the LAN, say where to connect, stop
cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Awaitable, Callable
from typing import Any

from netplay.discovery import Advertiser, lan_addresses
from netplay.host import Host
from netplay.identity import HostPolicy
from netplay.limits import HostLimits
from netplay.ssh_door import DoorConfig, DoorProcess
from netplay.ssh_server import Lobby
from netplay.storage import data_dir
from netplay.web_door import WebDoorConfig


async def serve_forever(args: Any, say: Callable[[str], None], app_factory: str, web_app: str = "") -> int:
    """Serve until SIGINT/SIGTERM. args carries bind, port, no_lan, data, bot_delay, grace, idle (how long a
    connection at no table may stay silent), name, the ssh options, web (the browser door's port, or None) and verbose
    (the doors log their libraries' INFO lines too); app_factory is the dotted path ("module:function") of what makes
    the SSH sessions' apps, given the Lobby: the SSH door runs them in a process of its own, which reaches this host
    on the game port like any client; web_app is the module each browser tab runs (`python -m web_app`), a client of
    this host too."""
    folder = args.data or data_dir()
    password = os.environ.get(args.ssh_password_env) if args.ssh_password_env else None
    keys_only = args.ssh_keys is not None and password is None and not args.no_ssh
    if keys_only and args.web is not None:
        raise ValueError("--web lets in players without SSH keys: with --ssh-keys, also require a password")
    policy = HostPolicy(password=password, keys_only=keys_only)
    limits = HostLimits(idle_seconds=args.idle)
    host = Host(
        data_dir=folder, bot_delay=args.bot_delay, grace=args.grace, name=args.name, policy=policy, limits=limits
    )
    port = await host.start(args.bind, args.port)
    near = "127.0.0.1" if args.bind in ("0.0.0.0", "", "::") else args.bind
    lobby = Lobby(near, port, policy.door_secret, password=password is not None)
    doors: list[DoorProcess] = []
    if not args.no_ssh:
        keys = str(args.ssh_keys) if args.ssh_keys is not None else None
        key_path = str(folder / "ssh_host_ed25519_key")
        config = DoorConfig(app_factory, lobby, args.bind, args.ssh_port, key_path, keys, password, args.ssh_idle)
        doors.append(DoorProcess(config, verbose=args.verbose))
    if args.web is not None:
        web = WebDoorConfig(web_app, lobby, args.bind, args.web)
        doors.append(DoorProcess(web, "netplay.web_door", "the web door", args.verbose))
    try:
        ports = [await door.start() for door in doors]
    except OSError:
        await asyncio.gather(*(door.stop() for door in doors), host.stop())
        raise
    addresses = lan_addresses() if args.bind in ("0.0.0.0", "") else [args.bind]
    for address in addresses or ["127.0.0.1"]:
        say(f"coup host listening on {address}:{port} — players run: coup join {address}:{port}")
        if not args.no_ssh:
            say(f"  or, with nothing installed: ssh -p {ports[0]} NAME@{address}")
        if args.web is not None:
            say(f"  or in a browser: http://{address}:{ports[-1]}/")
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
    # the doors first: their sessions would otherwise all be told the host has gone, at length; the host knows it is
    # stopping already, so the players left at its tables are not told the door's players lost their connection
    host.stopping = True
    await asyncio.gather(*(door.stop() for door in doors))
    stopping: list[Awaitable[None]] = [host.stop()]
    if advertiser is not None:
        stopping.append(advertiser.stop())
    await asyncio.gather(*stopping)
    return 0
