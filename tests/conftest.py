"""Shared test set-up: a private data directory, a pinned look, and snapshots under snapshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_textual_snapshot

ROOT = Path(__file__).resolve().parent.parent


class TopLevelSnapshots(pytest_textual_snapshot.SVGImageExtension):
    """Keep the SVG snapshots in the top-level snapshots/ folder, one sub-folder per test module."""

    @classmethod
    def dirname(cls, *, test_location: object) -> str:
        return str(ROOT / "snapshots" / test_location.basename)  # type: ignore[attr-defined]


pytest_textual_snapshot.SVGImageExtension = TopLevelSnapshots  # type: ignore[misc]


SCREEN_TEST_FILES = ("test_tui_", "test_snapshots")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the SSH tests (real asyncssh sessions) and the screen tests (Pilot and snapshots) by their file, so
    `make test-fast` can leave them to `make test`."""
    for item in items:
        name = item.path.name
        if name.startswith("test_ssh"):
            item.add_marker(pytest.mark.ssh)
        elif name.startswith(SCREEN_TEST_FILES):
            item.add_marker(pytest.mark.screens)


@pytest.fixture(autouse=True)
def quiet_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No records in the user's home, no colour or theme overrides from the environment."""
    monkeypatch.setenv("COUP_DATA_DIR", str(tmp_path / "coup-data"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
