"""SSH identity comes only from proof: asking whether a key would do is not logging in with it."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from pathlib import Path

import asyncssh
import pytest

from netplay.ssh_server import GameSSHServer, SSHHost

LOCALHOST = "127.0.0.1"


@pytest.fixture
def logins(monkeypatch: pytest.MonkeyPatch) -> list[GameSSHServer]:
    """Every SSH connection whose login completed, as the server saw it."""
    done: list[GameSSHServer] = []
    completed = GameSSHServer.auth_completed

    def record(server: GameSSHServer) -> None:
        completed(server)
        done.append(server)

    monkeypatch.setattr(GameSSHServer, "auth_completed", record)
    return done


async def login(tmp_path: Path, *options: str) -> str:
    """OpenSSH's client logging in with options to an open SSH host of its own; the client's debug output."""
    host = SSHHost(lambda info: None, tmp_path / "host_key")
    port = await host.start(LOCALHOST, 0)
    try:
        return await openssh(port, *options)
    finally:
        await host.stop()


async def openssh(port: int, *options: str) -> str:
    """Run OpenSSH's client against port with options; its debug output."""
    command = ["ssh", "-v", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    command += ["-o", "IdentitiesOnly=yes", "-o", "BatchMode=no", *options, "-p", str(port), "ana@127.0.0.1", "true"]
    process = await asyncio.create_subprocess_exec(
        *command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "SSH_AUTH_SOCK": ""},
    )
    _, err = await asyncio.wait_for(process.communicate(), 30)
    return err.decode(errors="replace")


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs OpenSSH's client")
async def test_asking_about_someone_elses_public_key_does_not_make_you_them(tmp_path: Path, logins) -> None:
    """OpenSSH given only the victim's public key offers it (the server answers 'that key would do'), cannot sign,
    and falls back to keyboard-interactive on an open host: the login must carry no key identity."""
    victim = asyncssh.generate_private_key("ssh-ed25519")
    public = tmp_path / "victim.pub"
    public.write_bytes(victim.export_public_key())
    public.chmod(0o600)
    log = await login(tmp_path, "-i", str(public), "-o", "PreferredAuthentications=publickey,keyboard-interactive")
    assert "Server accepts key" in log, "the query trick was not reproduced"
    assert 'using "keyboard-interactive"' in log
    assert [server.fingerprint for server in logins] == [""]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs OpenSSH's client")
async def test_a_key_login_proves_the_key(tmp_path: Path, logins) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    private = tmp_path / "id_ed25519"
    private.write_bytes(key.export_private_key())
    private.chmod(0o600)
    log = await login(tmp_path, "-i", str(private), "-o", "PreferredAuthentications=publickey")
    assert 'using "publickey"' in log
    assert [server.fingerprint for server in logins] == [key.get_fingerprint("sha256")]
