"""The SSH front door: each SSH session gets its own Textual app, in this process and event loop, on a driver bound
to its channel, and an identity from what the login proved. Given an app factory; knows nothing of the app itself.

Only interactive sessions with a pty are served: no shell, exec, SFTP/SCP, forwarding or agent."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import asyncssh
from rich.color import ColorSystem
from textual.filter import NoColor

from netplay.connection import where_from
from netplay.host import NAME_LIMIT
from netplay.identity import Throttle, code_identity, new_resume_code, read_code, shown_code, split_username
from netplay.ssh_driver import ChannelDriver
from netplay.tally import LostWrites, Tally, shown

log = logging.getLogger(__name__)
SUMMARY_SECONDS = 30.0  # how often counted faults are summed up in the log
NO_PTY = "coup is a full-screen game: connect with a terminal, e.g. `ssh -t -p {port} {user}@{host}`.\r\n"
CRASHED = "\r\ncoup stopped on an internal error; the host has logged the details. Sorry!\r\n"
NO_COMMANDS = "coup runs no commands: connect without one, e.g. `ssh -p {port} {user}@{host}`.\r\n"
FLOODED = "\r\ncoup closed this session: it sent far more input than a game can use.\r\n"
NOT_A_CODE = (
    "{typed} is not a resume code: 8 letters and digits, as your last session showed it (like K7QM-2XPA).\r\n"
    "Log in again with it: `ssh -p {port} {user}+CODE@{host}`, or without one for a new seat: "
    "`ssh -p {port} {user}@{host}`.\r\n"
)
CODE_SHOWN = 20  # characters of a mistyped code said back to its player
USERNAME_LIMIT = 200  # characters of a user name read for a name and a code
STOPPING = "\r\nThe coup host is stopping; unfinished games are kept for when it is back.{code}\r\n"
DEFAULT_SIZE, MIN_SIZE, MAX_SIZE = (80, 24), (20, 10), (500, 200)


def screen_size(width: int, height: int, default: tuple[int, int] = DEFAULT_SIZE) -> tuple[int, int]:
    """A client's terminal size as its app gets it: 0 keeps default's, the rest is held to what a screen can use."""
    return (
        min(max(width, MIN_SIZE[0]), MAX_SIZE[0]) if width else default[0],
        min(max(height, MIN_SIZE[1]), MAX_SIZE[1]) if height else default[1],
    )


@dataclass(frozen=True)
class SessionInfo:
    """Who is on the other end: the player's name (the SSH user name without its resume code), the identity the login
    proved (a key's, or a resume code's), the resume code to show ("" after a key login), the key's fingerprint ("":
    none), the password the login gave ("": none), the terminal type, COLORTERM if sent, the window size, the
    client's address, the server's address and port as the client reached them, whether the player typed the
    resume code (to come back) rather than being given it now, and, for a code read out of a user name without a '+'
    ('hunter22', 'anaK7QM2XPA'), the whole user name: the player's name if the host gave no such code (afresh)."""

    username: str
    identity: str
    code: str
    fingerprint: str
    password: str
    term: str
    colorterm: str
    size: tuple[int, int]
    peer: str
    reached: tuple[str, int]
    resumed: bool = False  # the code is one the player typed to come back (the host refuses one it never gave)
    as_typed: str = ""  # the user name whose code-shaped run was tried as the code, to come in under if none


def afresh(info: SessionInfo) -> SessionInfo:
    """info of a player whose user name held no code the host gave, only what looks like one ('hunter22'): the
    whole user name is their name, and a fresh resume code who they are."""
    code = new_resume_code()
    return replace(info, username=info.as_typed, identity=code_identity(code), code=code, resumed=False, as_typed="")


def printable_name(text: str) -> str:
    """text's printable characters, trimmed and cut to a name's length."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:NAME_LIMIT]


def login_command(info: SessionInfo, code: str | None = None) -> str:
    """The ssh command that logs the player in again as who they are: with their resume code after a keyless login
    (code, if given, stands in for it: "CODE" shows where an earlier session's goes)."""
    host, port = info.reached
    where = f"-p {port} " if port != 22 else ""
    code = info.code if code is None else code
    user = f"{info.username}+{code}" if code else info.username
    return f"ssh {where}{user}@{host}"


AppFactory = Callable[[SessionInfo], Any]


@dataclass(frozen=True)
class Lobby:
    """The game host the door's apps play on: its address, the door's secret (so the host believes the identity a
    hello asserts), and whether every hello there must carry the host's password (a key says who, not that)."""

    host: str
    port: int
    secret: str
    password: bool = False


LobbyAppFactory = Callable[[Lobby], AppFactory]


@dataclass
class Access:
    """open: any key or none; an allow-list of keys; and/or a password."""

    authorized_keys: Path | None = None
    password: str | None = None

    @property
    def open(self) -> bool:
        """Anyone may come in (the default: a trusted LAN, or loopback)."""
        return self.authorized_keys is None and self.password is None


@dataclass
class Limits:
    """Connections at once (per address, and from everywhere) and timeouts. Failed passwords are not limited but
    slowed (identity.Throttle): the right password always gets in."""

    connections_per_address: int = 8
    connections: int = 500
    sessions_per_connection: int = 2  # terminals open at once on one connection (ssh's connection sharing opens a few)
    idle_seconds: float = 30 * 60
    login_seconds: float = 30.0


def color_system(term: str, colorterm: str) -> ColorSystem | None:
    """The colour depth a client's TERM and COLORTERM promise (None: no colour at all)."""
    term, colorterm = term.lower(), colorterm.lower()
    if term in ("dumb", "unknown"):
        return None
    if colorterm in ("truecolor", "24bit"):
        return ColorSystem.TRUECOLOR
    if "256color" in term:
        return ColorSystem.EIGHT_BIT
    return ColorSystem.STANDARD


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session running one app."""

    def __init__(self, server: GameSSHServer) -> None:
        self.server = server
        self.chan: Any = None
        self.term, self.size = "", (80, 24)
        self.has_pty = self.wants_command = False
        self.driver: ChannelDriver | None = None
        self.app: Any = None
        self.info: SessionInfo | None = None  # who is on the other end, once the session runs
        self.task: asyncio.Task[None] | None = None
        self.last_input = time.monotonic()
        self.flooded = False
        self.ended = False  # the client hung up (or the session was ended): an app not yet running never starts

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty, self.term = True, term_type or "xterm"
        self.size = screen_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.wants_command = True
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.server.host.tally.note(
            self.server.peer,
            "refused subsystems",
            logging.INFO,
            "refused subsystem %s from %s",
            shown(subsystem),
            self.server.peer,
        )
        return False

    def session_started(self) -> None:
        if self.server.bad_code:
            self.server.host.tally.note(
                self.server.peer,
                "logins with no resume code after +",
                logging.INFO,
                "a login from %s with a malformed resume code",
                self.server.peer,
            )
            host, port = (self.chan.get_extra_info("sockname") or ("HOST", "PORT"))[:2]
            user = self.server.username
            self.chan.write(NOT_A_CODE.format(typed=self.server.bad_code, port=port, user=user, host=host).encode())
            self.chan.exit(1)
            return
        if self.wants_command or not self.has_pty:
            host, port = (self.chan.get_extra_info("sockname") or ("HOST", "PORT"))[:2]
            text = NO_COMMANDS if self.wants_command else NO_PTY
            self.chan.write(text.format(port=port, user=self.server.username, host=host).encode())
            self.chan.exit(1)
            return
        self.server.host.sessions.add(self)
        self.task = asyncio.get_running_loop().create_task(self._run())  # kept: the loop holds tasks weakly

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.driver is not None:
            self.driver.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = screen_size(width, height, self.size)
        if self.driver is not None:
            self.driver.resize(*self.size)

    def eof_received(self) -> bool:
        self._end_app()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.sessions -= 1
        self._end_app()

    def _end_app(self) -> None:
        self.ended = True
        if self.app is not None:
            self.app.exit(return_code=0)

    def _flooded(self) -> None:
        self.flooded = True
        self._end_app()

    def hang_up(self) -> None:
        """End the session at once, its app left as it is: the terminal given back, the reason (and how to come back
        without a key) said, the channel closed."""
        info = getattr(self.app, "session_info", None) or self.info  # (an app may have let its player in afresh)
        code = info.code if info is not None else self.server.code
        back = f": come back with {login_command(info)}" if info is not None else ""
        note = STOPPING.format(code=f"\r\nYour resume code: {shown_code(code)}{back}" if code else "")
        with contextlib.suppress(OSError, asyncssh.Error):
            if self.driver is not None:
                self.driver.stop_application_mode()
            self.chan.write(note.encode())
            self.chan.exit(0)

    async def _run(self) -> None:
        env = self.chan.get_environment()
        server = self.server
        reached = self.chan.get_extra_info("sockname") or ("HOST", 0)
        info = SessionInfo(
            server.username,
            server.identity,
            server.code,
            server.fingerprint,
            server.password,
            self.term,
            str(env.get("COLORTERM", "")),
            self.size,
            server.peer,
            (str(reached[0]), int(reached[1])),
            server.resumed,
            server.as_typed,
        )
        self.info = info
        code = 1
        try:
            if self.ended:  # the client hung up before this ran (its close sent with its shell request): no app made
                code = 0
                return
            self.app = self.server.host.app_factory(info)
            # Per client, not the server's. Textual keeps each style's escape codes in the (shared) style, for
            # whatever depth drew it first: every app draws in truecolor and its driver brings colours down.
            depth = color_system(info.term, info.colorterm)
            self.app.console._color_system = ColorSystem.TRUECOLOR
            if depth is None:
                self.app.no_color = True
                self.app._filters.append(NoColor())
            self.app.driver_class = ChannelDriver.for_channel(self.chan, self._end_app, depth, self._flooded)
            self.driver = None
            started = asyncio.get_running_loop().create_task(self.app.run_async(size=self.size))
            while self.app._driver is None and not started.done():
                await asyncio.sleep(0)
            self.driver = self.app._driver
            watchdog = asyncio.get_running_loop().create_task(self._watch_idle())
            await started
            watchdog.cancel()
            code = self.app.return_code or 0
        except Exception:
            log.exception("an SSH session's app failed")
        finally:
            # the server's own streams, not the ones seen at this session's start: sessions end in any
            # order, and those may be another app's capture by now (it would keep that app alive)
            sys.stdout, sys.stderr = self.server.host.streams
            self.driver, self.app = None, None
            # the app's cycles go with Python's own collections: a full one per session costs every session a pause
            self.server.host.sessions.discard(self)
            with contextlib.suppress(OSError, asyncssh.Error):
                if code or self.flooded:
                    self.chan.write((FLOODED if self.flooded else CRASHED).encode())
                self.chan.exit(code or int(self.flooded))

    async def _watch_idle(self) -> None:
        limit = self.server.host.limits.idle_seconds
        while True:
            await asyncio.sleep(min(limit, 5.0))
            if time.monotonic() - self.last_input > limit:
                log.info("closing an idle SSH session of %s", shown(self.server.username))
                self._end_app()
                return


class GameSSHServer(asyncssh.SSHServer):
    """One SSH connection: authentication by the host's Access, sessions only, no forwarding."""

    def __init__(self, host: SSHHost) -> None:
        self.host = host
        self.peer, self.username, self.fingerprint = "", "", ""
        self.code, self.identity, self.password = "", "", ""
        self.resumed = False  # the code is one the player typed (the host must know it), not one given now
        self.as_typed = ""  # the user name, when its code was read out of it without a '+' (SessionInfo)
        self.bad_code = ""  # what the player typed after '+' when it is no resume code
        self.conn: Any = None
        self.offered_key = ""  # the last key asked about or signed with: proven only if the login is by key
        self.other_method = False  # a password or keyboard-interactive login succeeded
        self.counted = False
        self.sessions = 0  # open on this connection

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        self.peer = where_from(str((conn.get_extra_info("peername") or ("?",))[0]))
        host, limits = self.host, self.host.limits
        if host.addresses[self.peer] >= limits.connections_per_address or host.connected >= limits.connections:
            host.tally.note(
                self.peer,
                "refused connections",
                logging.WARNING,
                "refusing an SSH connection from %s (too many at once)",
                self.peer,
            )
            conn.close()
            return
        host.addresses[self.peer] += 1
        host.connected += 1
        self.counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.host.addresses[self.peer] -= 1
            if not self.host.addresses[self.peer]:
                del self.host.addresses[self.peer]
            self.host.connected -= 1

    def begin_auth(self, username: str) -> bool:
        username = username[:USERNAME_LIMIT]
        name, typed = split_username(username)
        self.username = printable_name(name) or "player"
        code = read_code(typed) if typed is not None else None
        self.code, self.resumed = code or "", code is not None
        self.as_typed = printable_name(username) if code is not None and "+" not in username else ""
        self.bad_code = "" if typed is None or code is not None else shown(typed, CODE_SHOWN)
        return True

    def public_key_auth_supported(self) -> bool:
        return True  # on a password host too: the key says who the player is, the app then asks for the password

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        allowed = self.host.allowed_fingerprints()
        if allowed is not None and fingerprint not in allowed:
            return False
        self.offered_key = fingerprint  # SSH lets a client ask about a key it does not hold: not proof yet
        return True

    def auth_completed(self) -> None:
        """The login is done: a key is the identity only when no other method let the client in, for only then
        did asyncssh verify a signature made with the last key offered. A resume code in the user name
        (NAME+CODE) is the identity whatever the method; a login with neither gets a fresh code."""
        self.fingerprint = "" if self.other_method else self.offered_key
        if not self.code and not self.fingerprint:
            self.code = new_resume_code()
        self.identity = code_identity(self.code) if self.code else f"key:{self.fingerprint}"

    def password_auth_supported(self) -> bool:
        return self.host.access.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """The right password gets in at once, a wrong one after a wait that grows with the guesses (counted as they
        come); while it waits, no other password from that address is read (a refusal at once: judged, a right one
        let in and a wrong one kept waiting would tell a guesser with many connections which was which)."""
        if self.peer in self.host.guessing:
            return False
        expected = self.host.access.password or ""
        if hmac.compare_digest(password.encode(), expected.encode()):
            self.other_method, self.password = True, password
            return True
        throttle = self.host.throttle
        throttle.failed(self.peer)
        self.host.tally.note(self.peer, "wrong passwords", logging.WARNING, "a wrong SSH password from %s", self.peer)
        self.host.guessing.add(self.peer)
        try:
            await asyncio.sleep(throttle.delay(self.peer))
        finally:
            self.host.guessing.discard(self.peer)
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.host.access.open

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.other_method = self.other_method or self.host.access.open  # an open host lets it in with no question
        return self.host.access.open

    def session_requested(self) -> GameSession | bool:
        """A session, each with an app of its own: as many at once as the limit allows (one connection opening
        150 took 4.8 MB an app, and its address's connection limit did not count them)."""
        if self.sessions >= self.host.limits.sessions_per_connection:
            self.host.tally.note(
                self.peer, "refused sessions", logging.WARNING, "refused a session over the limit from %s", self.peer
            )
            return False
        self.sessions += 1
        return GameSession(self)

    def connection_requested(self, *args: Any) -> bool:
        self.host.tally.note(
            self.peer, "forwarding requests", logging.INFO, "refused a forwarding request from %s", self.peer
        )
        return False

    def server_requested(self, *args: Any) -> bool:
        self.host.tally.note(
            self.peer, "forwarding requests", logging.INFO, "refused a forwarding request from %s", self.peer
        )
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class SSHHost:
    """Serves app_factory's apps over SSH; the host key is made once and kept (mode 0600)."""

    def __init__(
        self, app_factory: AppFactory, key_path: Path, access: Access | None = None, limits: Limits | None = None
    ) -> None:
        self.app_factory, self.key_path = app_factory, key_path
        self.access, self.limits = access or Access(), limits or Limits()
        self.addresses: dict[str, int] = defaultdict(int)  # open connections by client address
        self.connected = 0
        self.throttle = Throttle()
        self.guessing: set[str] = set()  # addresses whose wrong password waits for its answer
        self.tally = Tally(log)  # what peers cause is logged once, then counted
        self.lost_writes = LostWrites(self.tally)  # asyncio's lines about sessions gone in a redraw, counted too
        self._summaries: asyncio.Task[None] | None = None
        self.sessions: set[GameSession] = set()
        self.server: Any = None
        self.streams = sys.stdout, sys.stderr  # given back whenever a session's app ends

    def host_key(self) -> asyncssh.SSHKey:
        """Load the host key, generating it the first time."""
        if self.key_path.exists():
            return asyncssh.read_private_key(self.key_path)
        self.key_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # a folder it names is left as it is
        key = asyncssh.generate_private_key("ssh-ed25519")
        # created 0600, never readable by others (writing then chmod-ing leaves it open for a moment)
        with os.fdopen(os.open(self.key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as file:
            file.write(key.export_private_key())
        return key

    def allowed_fingerprints(self) -> set[str] | None:
        """The allow-list's fingerprints (None: any key will do)."""
        if self.access.authorized_keys is None:
            return None
        fingerprints = set()
        for line in self.access.authorized_keys.read_text().splitlines():
            words = line.split()
            start = next((i for i, w in enumerate(words) if w.startswith(("ssh-", "ecdsa-", "sk-"))), None)
            if start is not None and start + 1 < len(words):
                key = asyncssh.import_public_key(" ".join(words[start : start + 2]))
                fingerprints.add(key.get_fingerprint("sha256"))
        return fingerprints

    async def start(self, host: str, port: int) -> int:
        """Listen; returns the port."""
        if not self.sessions:
            self.streams = sys.stdout, sys.stderr
        if self.access.authorized_keys is not None:
            self.allowed_fingerprints()  # fail now, with a clear error, on an unreadable file
        self.server = await asyncssh.create_server(
            lambda: GameSSHServer(self),
            host,
            port,
            server_host_keys=[self.host_key()],
            line_editor=False,
            agent_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            encoding=None,
            login_timeout=self.limits.login_seconds,
            keepalive_interval=60,
        )
        bound: int = self.server.sockets[0].getsockname()[1]
        logging.getLogger("asyncio").addFilter(self.lost_writes)
        self._summaries = asyncio.get_running_loop().create_task(self._summarize())
        return bound

    async def _summarize(self) -> None:
        """Every so often, say how many of each fault were counted without a line of their own."""
        while True:
            await asyncio.sleep(SUMMARY_SECONDS)
            self.tally.summarize()

    async def stop(self) -> None:
        """Stop listening and end every session."""
        if self._summaries is not None:
            self._summaries.cancel()
        logging.getLogger("asyncio").removeFilter(self.lost_writes)
        self.tally.summarize()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for session in list(self.sessions):
            session._end_app()

    def hang_up(self) -> None:
        """Stop listening and end every session at once, its app left as it is (for a process about to exit: ending
        a hundred apps one by one takes seconds)."""
        if self.server is not None:
            self.server.close()
        for session in list(self.sessions):
            session.hang_up()
