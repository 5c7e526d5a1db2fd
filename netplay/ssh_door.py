"""The SSH front door in a process of its own, so no session's app runs on the game host's loop: the host starts,
watches and restarts it (DoorProcess, which runs the browser door too); it is told everything, secrets included, on
its stdin, never in argv."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, Self

from netplay.gc_pacing import CollectorPacing
from netplay.ssh_server import Access, Limits, Lobby, LobbyAppFactory, SSHHost

log = logging.getLogger(__name__)
READY = "door listening on port "
START_SECONDS = 60.0  # for the door to import the app and listen
STOP_SECONDS = 2.0  # for the door to exit when told to, before it is killed
FLUSH_SECONDS = 0.2  # for the last words to the sessions to go out before the door exits
RESTART_DELAYS = (1.0, 2.0, 5.0, 15.0, 60.0)  # after the door dies, by how many times it has died in a row
STEADY_SECONDS = 60.0  # a door that ran this long had no trouble starting: the next restart is quick again
LIBRARIES = ("asyncssh", "aiohttp", "textual-serve")  # whose INFO lines (each connection, channel, request) are theirs
VERBOSE = "--verbose"  # a door's argument: log the libraries' INFO lines too


def start_logging(mark: str = "", verbose: bool = False) -> None:
    """Log our lines from INFO up on stderr, each marked mark (a door's name and a space), and the libraries' own
    lines only from WARNING up unless verbose."""
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s %(levelname)s {mark}%(name)s: %(message)s")
    if not verbose:
        for name in LIBRARIES:
            logging.getLogger(name).setLevel(logging.WARNING)


class OnStdin:
    """A door's config (a dataclass with a lobby) as the one line its process reads on stdin."""

    def to_line(self, port: int) -> bytes:
        """The config, listening on port, as one line of JSON for the door's stdin."""
        return json.dumps({**vars(self), "port": port}, default=vars).encode() + b"\n"

    @classmethod
    def from_line(cls, line: bytes) -> Self:
        """The config the host wrote with to_line."""
        data = json.loads(line)
        return cls(**{**data, "lobby": Lobby(**data["lobby"])})


@dataclass(frozen=True)
class DoorConfig(OnStdin):
    """Everything the door process needs: the app factory's dotted path ("module:function", given the Lobby), where
    to listen, the host key, who may log in, how long sessions may idle, and the lobby its apps play on."""

    factory: str
    lobby: Lobby
    bind: str
    port: int
    key_path: str
    authorized_keys: str | None = None
    password: str | None = None
    idle_seconds: float = 30 * 60


def load_factory(path: str) -> LobbyAppFactory:
    """The function a dotted path "package.module:function" names."""
    module, _, name = path.partition(":")
    factory: LobbyAppFactory = getattr(importlib.import_module(module), name)
    return factory


class Setup(Protocol):
    """What a door process is told on its stdin: where it listens (0: any free port) and the rest, as one line."""

    @property
    def port(self) -> int: ...

    def to_line(self, port: int) -> bytes: ...


class DoorProcess:
    """A door's process (`python -m MODULE`), seen from the host: start() runs it and returns its port; if it dies,
    the death is logged and it is started again on the same port (sooner or later by how often it has died); stop()
    ends it. verbose: it logs its libraries' INFO lines too."""

    def __init__(
        self, config: Setup, module: str = "netplay.ssh_door", name: str = "the SSH door", verbose: bool = False
    ) -> None:
        self.config, self.module, self.name, self.verbose = config, module, name, verbose
        self.process: asyncio.subprocess.Process | None = None
        self.port = config.port
        self._watcher: asyncio.Task[None] | None = None
        self._stopping = False

    async def start(self) -> int:
        """Start the door and wait until it listens; its port (OSError if it cannot start)."""
        self.port = await self._spawn()
        self._watcher = asyncio.get_running_loop().create_task(self._watch())
        return self.port

    async def _spawn(self) -> int:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            self.module,
            *([VERBOSE] if self.verbose else []),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            start_new_session=True,  # the host decides when it stops: a Ctrl+C reaches the host alone
        )
        self.process = process
        assert process.stdin is not None and process.stdout is not None
        # a door started again listens where it did; stdin stays open: the door ends if it closes (the host has gone)
        process.stdin.write(self.config.to_line(self.port))
        await process.stdin.drain()
        line = b""
        with contextlib.suppress(TimeoutError):
            line = await asyncio.wait_for(process.stdout.readline(), START_SECONDS)
        text = line.decode(errors="replace").strip()
        if not text.startswith(READY):
            await self._end(process)
            raise OSError(f"{self.name} did not start ({text or 'no answer'}); see the log above")
        return int(text.removeprefix(READY))

    async def _watch(self) -> None:
        """Restart the door whenever it dies, until stop()."""
        dead_in_a_row = 0
        while not self._stopping:
            started = time.monotonic()
            assert self.process is not None
            code = await self.process.wait()
            if self._stopping:
                return
            await self._end(self.process)  # its end of the pipe
            dead_in_a_row = 1 if time.monotonic() - started > STEADY_SECONDS else dead_in_a_row + 1
            delay = RESTART_DELAYS[min(dead_in_a_row, len(RESTART_DELAYS)) - 1]
            log.error("%s stopped (exit status %s); starting it again in %.0f s", self.name, code, delay)
            await asyncio.sleep(delay)
            try:
                await self._spawn()
                log.info("%s is back on port %d", self.name, self.port)
            except OSError as error:
                log.error("%s", error)

    async def stop(self) -> None:
        """End the door (it hangs up its sessions and exits; after STOP_SECONDS it is killed)."""
        self._stopping = True
        if self._watcher is not None:
            self._watcher.cancel()
        if self.process is not None:
            await self._end(self.process)

    @staticmethod
    async def _end(process: asyncio.subprocess.Process) -> None:
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            await wait_or_kill(process, STOP_SECONDS)
        if process.stdin is not None:
            process.stdin.close()


async def wait_or_kill(process: asyncio.subprocess.Process, seconds: float) -> None:
    """Wait for process to exit; after seconds, kill it, and wait as long again at most (a process that left a
    child holding its pipes never looks finished to asyncio: nothing must wait for it for ever)."""
    try:
        await asyncio.wait_for(process.wait(), seconds)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), seconds)


async def serve(line: bytes, stdin: asyncio.StreamReader) -> None:
    """Run the SSH door its config line describes until SIGTERM or SIGINT, or until stdin closes (the host has
    gone)."""
    config = DoorConfig.from_line(line)
    factory = load_factory(config.factory)(config.lobby)
    keys = Path(config.authorized_keys) if config.authorized_keys else None
    ssh = SSHHost(
        factory, Path(config.key_path), Access(keys, config.password), Limits(idle_seconds=config.idle_seconds)
    )
    await stand(await ssh.start(config.bind, config.port), stdin)
    ssh.hang_up()
    await asyncio.sleep(FLUSH_SECONDS)


async def stand(port: int, stdin: asyncio.StreamReader) -> None:
    """Tell the host the door listens on port, send all later output to the host's log, and wait for SIGTERM or
    SIGINT, or for stdin to close (the host has gone)."""
    sys.stdout.write(f"{READY}{port}\n")
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # from now on all output goes to the host's log
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    host_gone = loop.create_task(stdin.read())
    host_gone.add_done_callback(lambda _: stop.set())
    pacing = CollectorPacing()  # a door holds an app per session: no collector pause may stop them all
    pacing.start()
    await stop.wait()
    pacing.stop()
    host_gone.cancel()


Serve = Callable[[bytes, asyncio.StreamReader], Awaitable[None]]


async def _main(serve: Serve) -> None:
    loop = asyncio.get_running_loop()
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    await serve(await stdin.readline(), stdin)
    logging.shutdown()
    os._exit(0)  # the sessions' apps end with the process, not one by one in the loop's teardown


def door_main(name: str, serve: Serve) -> None:
    """A door process: its config on stdin, its log lines marked name (its libraries' too with --verbose)."""
    start_logging(f"{name} ", VERBOSE in sys.argv[1:])
    asyncio.run(_main(serve))


if __name__ == "__main__":
    door_main("ssh-door", serve)
