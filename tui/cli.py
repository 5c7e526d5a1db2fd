"""The `coup` command: the app by default; `sim`, `replay`, `host`, `join` and `bot`."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.cards.annotate import annotate, legend, note_line
from core.cards.expert import SEARCHES
from core.game import Flag, IllegalMove
from core.records import Record, replay
from core.registry import GAMES, bot_levels, game_spec, levels_told
from core.sim import run_sim
from netplay.client import DEFAULT_PORT, HostError, parse_address
from netplay.netbot import REMATCH_STAY, START_WAIT

if TYPE_CHECKING:
    from tui.settings import Settings


def build_parser() -> argparse.ArgumentParser:
    """The command line: `coup`, `coup sim ...`, `coup replay FILE`, `coup host`, `coup join`, `coup bot`; every
    option's help says the values it takes."""
    parser = argparse.ArgumentParser(
        prog="coup",
        description=(
            "Coup, Coup: Reformation, Coup: Rebellion G54 and the 1992 wargame in the terminal. Run `coup` alone to"
            " play: against the computer, or with friends at one keyboard. The commands below host, join and"
            " replay games."
        ),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = commands.add_parser("sim", help="computer opponents play each other, headless")
    sim.add_argument("--game", default=next(iter(GAMES)), choices=tuple(GAMES), help="which game (default coup)")
    sim.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"players at the table (default 4, or the game's one size): {sizes_text()}",
    )
    sim.add_argument("--games", type=int, default=100, metavar="N", help="games to play, 1 or more (default 100)")
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="N",
        help="any whole number: the same seed plays the same games (default 1)",
    )
    levels = "|".join(bot_levels())
    sim.add_argument(
        "--bots",
        default="",
        metavar=f"{levels},...",
        help=f"each seat's computer opponent, comma-separated, one per seat: {levels_told()} "
        "(default: rule everywhere)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of two lines")
    for flag, games in game_flags().items():
        where = f"{', '.join(games)}: "
        if flag.switch:
            sim.add_argument(f"--{flag.name}", action=argparse.BooleanOptionalAction, help=where + flag.help)
        elif flag.number:
            sim.add_argument(f"--{flag.name}", type=int, metavar="N", help=where + flag.help)
        elif flag.choices:
            sim.add_argument(
                f"--{flag.name}", choices=flag.choices, help=f"{where}{flag.help}: {', '.join(flag.choices)}"
            )
        else:
            sim.add_argument(f"--{flag.name}", metavar=flag.name.upper(), help=where + flag.help)
    sim.add_argument("--net", action="store_true", help="play through a host, every seat a network client")
    sim.add_argument(
        "--host",
        metavar="HOST[:PORT]",
        help=f"with --net: this running host instead of a private one (port {DEFAULT_PORT}); it deals its own games",
    )
    rep = commands.add_parser("replay", help="show a saved game record move by move")
    rep.add_argument("file", type=Path, metavar="FILE", help="a record (.json) saved at the end of a game")
    rep.add_argument("--json", action="store_true", help="print the final state as JSON instead")
    rep.add_argument(
        "--annotate",
        action="store_true",
        help="print each decision beside the expert's, and which claims were bluffs (the card games)",
    )
    rep.add_argument(
        "--nodes",
        type=int,
        help="with --annotate: the expert's search budget a decision, in moves played out (default: the game's, "
        + ", ".join(f"{game} {search.nodes}" for game, search in SEARCHES.items())
        + ")",
        metavar="N",
    )
    host = commands.add_parser("host", help="host games for players on the LAN and over SSH")
    host.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help="IP address to listen on (default: all)")
    host.add_argument(
        "--port", type=int, default=DEFAULT_PORT, metavar="PORT", help=f"game port (default {DEFAULT_PORT})"
    )
    host.add_argument("--no-lan", action="store_true", help="do not advertise on the LAN (zeroconf)")
    host.add_argument(
        "--data", type=Path, metavar="DIR", help="folder for the journal and records (default: the user data directory)"
    )
    host.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="a computer opponent's thinking time (default 0.6)",
    )
    host.add_argument(
        "--grace", type=float, default=120.0, metavar="SECONDS", help="how long a dropped seat waits (default 120)"
    )
    host.add_argument(
        "--idle",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="silence allowed away from a game under way (default 600)",
    )
    host.add_argument("--name", default="coup", metavar="TEXT", help="the name shown on the LAN (default coup)")
    host.add_argument("--ssh-port", type=int, default=2222, metavar="PORT", help="the SSH door's port (default 2222)")
    host.add_argument("--no-ssh", action="store_true", help="do not serve the game over SSH")
    host.add_argument("--ssh-keys", type=Path, metavar="FILE", help="authorized_keys file: only these keys may log in")
    host.add_argument("--ssh-password-env", metavar="VAR", help="require the password held in environment variable VAR")
    host.add_argument(
        "--ssh-idle",
        type=float,
        default=1800,
        metavar="SECONDS",
        help="an idle SSH session closes after (default 1800)",
    )
    host.add_argument(
        "--web", type=int, metavar="PORT", help="also serve the game to web browsers on this port (1-65535)"
    )
    host.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="also log the SSH and web libraries' own lines (each connection and channel), not only their warnings",
    )
    join = commands.add_parser("join", help="play at a host's tables")
    join.add_argument(
        "address",
        nargs="?",
        metavar="HOST[:PORT]",
        help=f"the host (port {DEFAULT_PORT}); without it, the LAN's are listed",
    )
    join.add_argument(
        "--name", default="", metavar="TEXT", help="your name (default: the name used last, else your login name)"
    )
    bot = commands.add_parser("bot", help="a computer opponent that joins a host's table over the network")
    bot.add_argument("--connect", required=True, metavar="HOST:PORT", help="the host's address and game port")
    bot.add_argument("--table", metavar="ID", help="the table to join, as the lobby shows it (default: the first open)")
    bot.add_argument(
        "--level", default="rule", choices=bot_levels(), help=f"how it plays (default rule): {levels_told()}"
    )
    bot.add_argument("--name", default="", metavar="TEXT", help="its name at the table (default: Rule bot, and so on)")
    bot.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help="any whole number: its choices (default 0); the expert's depend on the clock too, as it searches at most"
        " about 0.2 s a move",
    )
    bot.add_argument(
        "--password-env", metavar="VAR", help="the host's password, held in environment variable VAR (if it has one)"
    )
    bot.add_argument(
        "--once",
        action="store_true",
        help=f"leave after one game (default: stay {REMATCH_STAY:.0f} s after each game, and accept a rematch)",
    )
    return parser


def sizes_text() -> str:
    """'2-6 (coup), 2-10 (reformation), ...': the table sizes of each game."""
    sizes = []
    for name, spec in GAMES.items():
        counts = spec.player_counts
        span = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        sizes.append(f"{span} ({name})")
    return ", ".join(sizes)


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
    except BrokenPipeError:  # what reads our output stopped (`| head`): nothing to say, and nothing more to write
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's own flush at exit would fail again
        return 141
    except OSError as error:  # a file or a socket: the trouble in words, and with which ("[Errno 2]" says nothing)
        which = f": {error.filename}" if error.filename else ""
        print(f"coup: {error.strerror or error}{which}", file=sys.stderr)
        return 2
    except (ValueError, IllegalMove) as error:
        print(f"coup: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    from tui.app import CoupApp
    from tui.settings import Settings

    return CoupApp(settings=Settings.saved()).run() or 0


def command_sim(args: argparse.Namespace) -> int:
    """Self-play; prints a summary (JSON with --json)."""
    spec = game_spec(args.game)
    sizes = spec.player_counts
    if len(sizes) == 1:  # a game for a fixed number (the wargame's two sides)
        if args.players not in (None, sizes[0]):
            raise ValueError(f"{spec.title} is for {sizes[0]} players, not {args.players}")
        args.players = sizes[0]
    elif args.players is None:
        args.players = 4
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
        games = summary["games"]
        print(f"{games} game{'s' if games != 1 else ''}, {summary['decisions']} decisions in {summary['seconds']} s")
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
    """Replay a record on screen, or print its final state as JSON; a record that does not replay is one line
    (IllegalMove) before any screen opens."""
    record = Record.from_json(args.file.read_text())
    state = replay(record)
    if args.annotate:
        return print_annotations(record, args.nodes)
    if args.json:
        data = plain_data(state)
        data["config"] = state.config.to_dict()
        print(json.dumps(data))
        return 0
    from tui.replay_app import ReplayApp

    return ReplayApp(record).run() or 0


def plain_data(value: Any) -> Any:
    """value as JSON's data: a dataclass as its compared fields (what a record works out from them, as a seat's alive,
    the rest, left out), sets as sorted lists (the wargame's moved units, say), tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain_data(getattr(value, f.name)) for f in dataclasses.fields(value) if f.compare}
    if isinstance(value, dict):
        return {key: plain_data(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return sorted(plain_data(item) for item in value)
    if isinstance(value, list | tuple):
        return [plain_data(item) for item in value]
    return value


def print_annotations(record: Record, nodes: int | None) -> int:
    """Print record's game a decision a line, each beside the expert's choice (core.cards.annotate)."""
    notes = annotate(record, nodes)
    spec = game_spec(record.game)
    assert spec.text is not None  # every game the expert plays has its sentences
    names: tuple[str, ...] = ()
    print(legend(record), flush=True)
    for note, view in notes:
        names = names or spec.engine.names(view)
        print(note_line(note, view, names, spec.text.move_label, brief=True), flush=True)
    return 0


def command_host(args: argparse.Namespace) -> int:
    """Run a host until interrupted."""
    from netplay.serve import serve_forever
    from netplay.ssh_door import start_logging

    start_logging(verbose=args.verbose)
    if args.data:
        os.environ["COUP_DATA_DIR"] = str(args.data)  # records and SSH players' seat tokens live there too
    if args.ssh_password_env and not os.environ.get(args.ssh_password_env):
        raise ValueError(f"environment variable {args.ssh_password_env} holds no password")
    say = functools.partial(print, flush=True)
    return asyncio.run(serve_forever(args, say, app_factory="tui.ssh_apps:lobby_app_factory", web_app="tui.web_app"))


def command_bot(args: argparse.Namespace) -> int:
    """Play at a host as a computer opponent: one game, and every rematch a player asks for (unless --once)."""
    from netplay.netbot import BotResult, play_bot, winner_words
    from netplay.storage import claim_profile

    def game_over(result: BotResult) -> None:
        print(f"game over after {result.turns} turns: {winner_words(result)} won", flush=True)
        if not args.once:
            print(f"staying up to {REMATCH_STAY:.0f} s in case a player asks for a rematch (Ctrl+C leaves)", flush=True)

    host, port = parse_address(args.connect)
    credentials = {"profile": claim_profile("bot")}  # its own identity: a lost host gives the seat back to it
    if args.password_env:  # from the environment: a password among the arguments shows in every process list
        password = os.environ.get(args.password_env)
        if not password:
            raise ValueError(f"environment variable {args.password_env} holds no password")
        credentials["password"] = password
    asyncio.run(
        play_bot(
            host,
            port,
            level=args.level,
            seed=args.seed,
            table_id=args.table,
            name=args.name or None,
            credentials=credentials,
            rematch_wait=None if args.once else REMATCH_STAY,
            game_over=game_over,
            seated=lambda table: print(f"seated at table {table}; playing once its game starts", flush=True),
            start_wait=START_WAIT,
            clock=time.perf_counter,  # people at the table wait on its decisions
        )
    )
    print("left the host" if args.once else "no rematch: left the host")
    return 0


def command_join(args: argparse.Namespace) -> int:
    """The app on a host's lobby, or on the join screen browsing the LAN for one."""
    from tui.app import CoupApp
    from tui.settings import Settings

    settings = Settings.saved()  # the name used last, else the login name
    if args.name:
        settings.player_name = args.name
        settings.save()
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
