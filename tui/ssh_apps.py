"""The app each SSH session gets: the host's lobby, as the SSH user, keyed by the key's fingerprint."""

from __future__ import annotations

from typing import Any

from netplay.ssh_server import SessionInfo
from tui.app import CoupApp
from tui.settings import Settings


def lobby_app_factory(host: str, port: int) -> Any:
    """A factory of apps that open straight onto the lobby of the host at host:port."""

    def make(info: SessionInfo) -> CoupApp:
        identity = f"key:{info.fingerprint}" if info.fingerprint else f"user:{info.username}"
        settings = Settings(player_name=info.username, identity=identity)
        return CoupApp(settings=settings, join=(host, port), scan_lan=False)

    return make
