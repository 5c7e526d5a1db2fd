"""The `coup` command: the app by default; `sim`, `replay`, `host`, `join` and `bot`."""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import logging
import os
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from core.game import Flag, IllegalMove
from core.records import Record, replay
from core.registry import GAMES, game_spec
from core.sim import run_sim
from netplay.client import DEFAULT_PORT, HostError, parse_address

if TYPE_CHECKING:
    from tui.settings import Settings


def build_parser() -> argparse.ArgumentParser:
    """The command line: `coup`, `coup sim ...`, `coup replay FILE`."""
    parser = argparse.ArgumentParser(prog="coup", description="The Coup card game in the terminal.")
    commands = parser.add_subparsers(dest="command")
    sim = commands.add_parser("sim", help="computer opponents play each other, headless")
    sim.add_argument("--game", default=next(iter(GAMES)), choices=tuple(GAMES), help="which game")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="", help="comma-separated bot levels, one per seat (default: all rule)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    for flag, games in game_flags().items():
        where = f"{', '.join(games)}: "
        if flag.switch:
            sim.add_argument(f"--{flag.name}", action=argparse.BooleanOptionalAction, help=where + flag.help)
        else:
            kind = int if flag.number else str
            sim.add_argument(f"--{flag.name}", type=kind, choices=flag.choices or None, help=where + flag.help)
    sim.add_argument("--net", action="store_true", help="play through a host, every seat a network client")
    sim.add_argument("--host", metavar="ADDR", help="with --net: use this running host instead of a private one")
    rep = commands.add_parser("replay", help="show a saved game record move by move")
    rep.add_argument("file", type=Path)
    rep.add_argument("--json", action="store_true", help="print the final state as JSON instead")
    host = commands.add_parser("host", help="host games for players on the LAN")
    host.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all)")
    host.add_argument("--port", type=int, default=DEFAULT_PORT)
    host.add_argument("--no-lan", action="store_true", help="do not advertise on the LAN (zeroconf)")
    host.add_argument("--data", type=Path, help="where to keep the journal (default: the user data directory)")
    host.add_argument("--bot-delay", type=float, default=0.6, help="seconds a computer opponent thinks")
    host.add_argument("--grace", type=float, default=120.0, help="seconds a dropped seat is kept for its player")
    host.add_argument("--idle", type=float, default=600.0, help="seconds a connection at no table may stay silent")
    host.add_argument("--name", default="coup", help="the name shown to players browsing the LAN")
    host.add_argument("--ssh-port", type=int, default=2222, help="where players connect with ssh (default 2222)")
    host.add_argument("--no-ssh", action="store_true", help="do not serve the game over SSH")
    host.add_argument("--ssh-keys", type=Path, help="authorized_keys file: only these keys may log in")
    host.add_argument("--ssh-password-env", metavar="VAR", help="require the password held in environment variable VAR")
    host.add_argument("--ssh-idle", type=float, default=1800, help="seconds before an idle SSH session is closed")
    host.add_argument("--web", type=int, metavar="PORT", help="also serve the game to web browsers on this port")
    join = commands.add_parser("join", help="play at a host's tables")
    join.add_argument("address", nargs="?", help="HOST[:PORT]; without it, hosts found on the LAN are listed")
    join.add_argument("--name", default="", help="your player name")
    bot = commands.add_parser("bot", help="a computer opponent that joins a host's table over the network")
    bot.add_argument("--connect", required=True, metavar="HOST:PORT")
    bot.add_argument("--table", help="the table to join (default: the first with an open seat)")
    bot.add_argument("--level", default="rule")
    bot.add_argument("--name", default="")
    bot.add_argument("--seed", type=int, default=0)
    return parser


def game_flags() -> dict[Flag, list[str]]:
    """Every game's self-play flags, each once, with the games that take it."""
    flags: dict[str, tuple[Flag, list[str]]] = {}
    for name, spec in GAMES.items():
        for flag in spec.flags:
            flags.setdefault(flag.name, (flag, []))[1].append(name)
    return dict(flags.values())


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "sim":
            return command_sim(args)
        if args.command == "replay":
            return command_replay(args)
        if args.command == "host":
            return command_host(args)
        if args.command == "bot":
            return command_bot(args)
        if args.command == "join":
            return command_join(args)
    except HostError as error:  # no coup host let us in: one line saying why, no traceback
        print(f"coup: {error}", file=sys.stderr)
        return 1
    except (ValueError, OSError, IllegalMove) as error:
        print(f"coup: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    from tui.app import CoupApp
    from tui.settings import Settings

    return CoupApp(settings=Settings.saved()).run() or 0


def command_sim(args: argparse.Namespace) -> int:
    """Self-play; prints a summary (JSON with --json)."""
    sizes = game_spec(args.game).player_counts
    if len(sizes) == 1:
        args.players = sizes[0]  # a game for a fixed number (the wargame's two sides)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["rule"] * args.players
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    options = sim_options(args)
    started = time.perf_counter()
    if args.net:
        from netplay.netsim import run_net_sim

        address = parse_address(args.host) if args.host else None
        summary = asyncio.run(run_net_sim(args.game, args.players, args.games, args.seed, bots, address, options))
    else:
        summary = run_sim(args.game, args.players, args.games, args.seed, bots, options)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    if args.json:
        print(json.dumps(summary))
    else:
        wins = ", ".join(f"{name} {count}" for name, count in summary["wins"].items())
        print(f"{summary['games']} games, {summary['decisions']} decisions in {summary['seconds']} s")
        print(f"wins: {wins}; mean turns {summary['mean_turns']:.2f}")
    return 0


def sim_options(args: argparse.Namespace) -> dict[str, object]:
    """The config options the game's own flags ask for (the Inquisitor, G54's roles, the wargame's rules); a flag
    of another game is refused."""
    spec = game_spec(args.game)
    options: dict[str, object] = {}
    for flag, games in game_flags().items():
        value = getattr(args, flag.name.replace("-", "_"))
        if value is None:
            continue
        if args.game not in games:
            raise ValueError(f"--{flag.name} is for {' and '.join(games)}, not {args.game}")
        if flag in spec.flags:
            options.update(flag.read(value))
    return options


def command_replay(args: argparse.Namespace) -> int:
    """Replay a record on screen, or print its final state as JSON."""
    record = Record.from_json(args.file.read_text())
    if args.json:
        state = replay(record)
        data = asdict(state)
        data["config"] = state.config.to_dict()
        print(json.dumps(data, default=sorted))  # sets (the wargame's moved units, say) as sorted lists
        return 0
    from tui.replay_app import ReplayApp

    return ReplayApp(record).run() or 0


def command_host(args: argparse.Namespace) -> int:
    """Run a host until interrupted."""
    from netplay.serve import serve_forever

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.data:
        os.environ["COUP_DATA_DIR"] = str(args.data)  # records and SSH players' seat tokens live there too
    if args.ssh_password_env and not os.environ.get(args.ssh_password_env):
        raise ValueError(f"environment variable {args.ssh_password_env} holds no password")
    say = functools.partial(print, flush=True)
    return asyncio.run(serve_forever(args, say, app_factory="tui.ssh_apps:lobby_app_factory", web_app="tui.web_app"))


def command_bot(args: argparse.Namespace) -> int:
    """Play one game at a host as a computer opponent."""
    from netplay.netbot import play_bot
    from netplay.storage import claim_profile

    host, port = parse_address(args.connect)
    credentials = {"profile": claim_profile("bot")}  # its own identity: a lost host gives the seat back to it
    result = asyncio.run(
        play_bot(
            host,
            port,
            level=args.level,
            seed=args.seed,
            table_id=args.table,
            name=args.name or None,
            credentials=credentials,
        )
    )
    print(f"game over after {result.turns} turns; seat {result.winner} won")
    return 0


def command_join(args: argparse.Namespace) -> int:
    """The app on a host's lobby, or on the join screen browsing the LAN for one."""
    from tui.app import CoupApp
    from tui.settings import Settings

    settings = Settings.saved(player_name=args.name or os.environ.get("USER", "") or "Player")
    if not args.address:
        return CoupApp(settings=settings, join=True).run() or 0
    host, port = parse_address(args.address)
    return asyncio.run(join_host(settings, host, port))


async def join_host(settings: Settings, host: str, port: int) -> int:
    """Connect first, so an address where no coup host lets us in is one line on the terminal (HostError), then
    open the app on the lobby; a host that wants a password gets the join screen, which asks for it."""
    from tui.app import CoupApp
    from tui.screens.join import Connected, connect_to

    join: tuple[str, int] | Connected = (host, port)
    try:
        join = await connect_to(host, port, settings.player_name, settings.host_credentials())
    except HostError as error:
        if error.code != "password":
            raise
    return await CoupApp(settings=settings, join=join).run_async() or 0
