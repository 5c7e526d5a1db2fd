"""Every way a connection to a host can fail is one line a player can act on: nothing listening, no such host, no
answer, some other kind of server (SSH, HTTP, an echo), a host of another version, a password or an SSH-only host;
`coup join ADDR` and `coup bot` print that line and exit non-zero, never a traceback."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from netplay import client as client_module
from netplay.client import Client, HostError
from netplay.host import Host
from netplay.identity import HostPolicy
from netplay.wire import PROTOCOL_VERSION, encode
from tests.net_helpers import LOCALHOST, free_port, within

ROOT = Path(__file__).resolve().parent.parent
Serve = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@contextlib.asynccontextmanager
async def server(serve: Serve) -> AsyncIterator[int]:
    """A TCP server on 127.0.0.1 that treats each connection with serve; yields its port."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, asyncio.CancelledError):
            await serve(reader, writer)
        writer.close()

    listening = await asyncio.start_server(handle, LOCALHOST, 0)
    try:
        yield listening.sockets[0].getsockname()[1]
    finally:
        listening.close()


def greets(data: bytes, after_hello: bool = False) -> Serve:
    """A server that writes data (at once, or once it has read something) and then waits."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if after_hello:
            await reader.read(100)
        writer.write(data)
        await writer.drain()
        await asyncio.sleep(30)

    return serve


async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.write(await reader.read(100))
    await asyncio.sleep(30)


async def hangs_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    return


SSH_BANNER = b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n"
HTTP_REPLY = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
NEWER_HOST = encode({"type": "error", "code": "version", "message": "this host speaks protocol version 3; update coup"})


async def refusal(port: int, timeout: float = 5, **credentials: str) -> HostError:
    """The HostError a hello to port ends in."""
    client = Client()
    with pytest.raises(HostError) as refused:
        await within(client.connect(LOCALHOST, port, "Ana", credentials, timeout=timeout))
    message = str(refused.value)
    assert "\n" not in message and message == message.strip()
    return refused.value


async def test_nothing_listening_says_so_and_names_the_default_port():
    port = free_port()
    error = await refusal(port)
    assert error.code == "refused"
    assert str(error) == (f"Nothing is listening at 127.0.0.1:{port} — is the host running? The default port is 7654")


async def test_an_unknown_host_name_says_so():
    client = Client()
    with pytest.raises(HostError) as refused:
        await within(client.connect("no-such-host.invalid", 7654, "Ana", timeout=5))
    assert refused.value.code == "unknown_host" and "no-such-host.invalid" in str(refused.value)


@pytest.mark.parametrize(
    ("serve", "code", "words"),
    [
        (greets(SSH_BANNER), "not_coup", "is an SSH server, not a coup host's game port (by default 7654)"),
        (greets(HTTP_REPLY, after_hello=True), "not_coup", "is a web server, not a coup host"),
        (echo, "not_coup", "is something else, not a coup host"),
        (greets(b"\x00\x00\x00\x03abc"), "not_coup", "is something else, not a coup host"),
        (hangs_up, "closed", "closed the connection without a word"),
        (greets(b""), "no_answer", "took the connection but said nothing in 0.3 s"),
        (greets(NEWER_HOST), "version", "different version of coup (protocol 3; this coup speaks protocol"),
    ],
    ids=["ssh", "http", "echo", "garbage", "hangs-up", "silent", "version"],
)
async def test_a_server_that_is_not_a_coup_host_of_this_version_is_named_in_one_line(serve, code, words):
    async with server(serve) as port:
        error = await refusal(port, timeout=0.3)
    assert error.code == code and words in str(error), str(error)
    if "SSH" in words:  # and how to play over SSH instead
        assert f"ssh -p {port} NAME@127.0.0.1" in str(error)


async def test_a_password_host_asks_for_it_refuses_a_wrong_one_and_lets_the_right_one_in(tmp_path):
    host = Host(data_dir=tmp_path / "host", bot_delay=0, policy=HostPolicy(password="pw"))
    port = await host.start(LOCALHOST, 0)
    try:
        assert (await refusal(port)).code == "password"
        assert str(await refusal(port)) == "This host needs a password"
        assert str(await refusal(port, password="nope")) == "Wrong password"
        client = Client()
        await within(client.connect(LOCALHOST, port, "Ana", {"password": "pw"}))
        assert client.welcome["version"] == PROTOCOL_VERSION
        await client.close()
    finally:
        await host.stop()


async def test_while_a_wrong_password_waits_no_other_from_its_address_is_judged_not_even_the_right_one(tmp_path):
    host = Host(data_dir=tmp_path / "host", bot_delay=0, policy=HostPolicy(password="pw"))
    port = await host.start(LOCALHOST, 0)
    try:
        for _ in range(3):  # the free guesses
            assert (await refusal(port, password="nope")).code == "password"
        waiting = asyncio.ensure_future(refusal(port, password="nope"))  # the fourth waits for its answer
        await asyncio.sleep(0.1)
        for password in ("nope", "pw"):  # both refused unread: a refusal tells nothing about the password
            assert (await refusal(port, password=password)).code == "slow_down"
        assert (await waiting).code == "password"
        client = Client()  # answered: the right one gets in, at once
        await within(client.connect(LOCALHOST, port, "Ana", {"password": "pw"}))
        await client.close()
    finally:
        await host.stop()


async def test_an_ssh_only_host_says_to_come_in_by_ssh(tmp_path):
    host = Host(data_dir=tmp_path / "host", bot_delay=0, policy=HostPolicy(keys_only=True))
    port = await host.start(LOCALHOST, 0)
    try:
        error = await refusal(port)
    finally:
        await host.stop()
    assert error.code == "ssh_only" and "connect with ssh" in str(error)


async def run_coup(*argv: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """`python -m tui argv` with no terminal (and env added to the environment): its exit code, stdout and stderr."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tui",
        *argv,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )
    out, err = await within(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


def one_line_of_output(out: str, err: str) -> str:
    """The single line a failed command printed (and that it printed nothing else, no traceback)."""
    lines = (out + err).splitlines()
    assert len(lines) == 1 and "Traceback" not in out + err, out + err
    return lines[0]


async def test_coup_join_to_a_closed_port_prints_one_line_and_fails():
    port = free_port()
    code, out, err = await run_coup("join", f"127.0.0.1:{port}")
    assert code == 1
    line = one_line_of_output(out, err)
    assert line == f"coup: Nothing is listening at 127.0.0.1:{port} — is the host running? The default port is 7654"


@pytest.mark.parametrize("greeting", [SSH_BANNER, HTTP_REPLY], ids=["ssh", "http"])
async def test_coup_join_to_a_server_that_is_not_a_coup_host_prints_one_line_and_fails(greeting):
    async with server(greets(greeting, after_hello=greeting is HTTP_REPLY)) as port:
        code, out, err = await run_coup("join", f"127.0.0.1:{port}")
    assert code == 1
    assert "not a coup host" in one_line_of_output(out, err)


async def test_coup_bot_to_a_closed_port_prints_one_line_and_fails():
    port = free_port()
    code, out, err = await run_coup("bot", "--connect", f"127.0.0.1:{port}")
    assert code == 1
    assert one_line_of_output(out, err).startswith(f"coup: Nothing is listening at 127.0.0.1:{port}")


async def test_coup_bot_gives_a_password_host_the_password_held_in_the_variable_it_is_told(tmp_path):
    host = Host(data_dir=tmp_path / "host", bot_delay=0, policy=HostPolicy(password="pw"))
    port = await host.start(LOCALHOST, 0)
    address = f"127.0.0.1:{port}"
    try:
        code, out, err = await run_coup("bot", "--connect", address)
        assert code == 1 and one_line_of_output(out, err) == "coup: This host needs a password"
        code, out, err = await run_coup("bot", "--connect", address, "--password-env", "BOT_PW", env={"BOT_PW": "no"})
        assert code == 1 and one_line_of_output(out, err) == "coup: Wrong password"
        code, out, err = await run_coup("bot", "--connect", address, "--password-env", "NO_SUCH_PW")
        assert code == 2 and one_line_of_output(out, err) == "coup: environment variable NO_SUCH_PW holds no password"
        ana = Client()
        await within(ana.connect(LOCALHOST, port, "Ana", {"password": "pw"}))
        table = (await ana.request({"type": "create", "players": 2}))["table"]["id"]
        await ana.request({"type": "join", "table": table})
        bot = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "tui", "bot", "--connect", address, "--password-env", "BOT_PW"),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT), "BOT_PW": "pw"},
        )
        assert bot.stdout is not None
        try:
            said = await within(bot.stdout.readline(), 60)
            assert said.decode().startswith(f"seated at table {table}")
            assert host.tables[table].seats[1].kind == "person"  # a client like any other, let in by the password
        finally:
            bot.kill()
            await bot.wait()
        await ana.close()
    finally:
        await host.stop()


async def test_refused_at_the_default_port_the_message_does_not_name_it_again(monkeypatch):
    port = free_port()
    monkeypatch.setattr(client_module, "DEFAULT_PORT", port)  # (the real default may be in use on this machine)
    with pytest.raises(HostError) as refused:
        await Client().connect(LOCALHOST, port, "Ana")
    assert str(refused.value) == f"Nothing is listening at 127.0.0.1:{port} — is the host running?"
