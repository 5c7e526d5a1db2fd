"""The expert as `coup bot --level expert` plays: through a host, from views read off the wire, it plays exactly the
games it plays locally."""

from __future__ import annotations

from typing import Any

import pytest

from core.sim import run_sim
from netplay.netsim import run_net_sim
from tests.net_helpers import within

pytestmark = pytest.mark.slow  # whole games, the expert searching every decision twice (locally, then networked)


@pytest.mark.parametrize(
    ("game", "options", "bots"),
    [
        ("coup", {}, ("expert", "rule")),
        ("reformation", {"inquisitor": True}, ("rule", "expert", "rule")),
        ("g54", {"selection": "random"}, ("expert", "rule", "rule")),
    ],
)
async def test_the_expert_over_the_network_plays_as_it_does_locally(
    game: str, options: dict[str, Any], bots: tuple[str, ...]
) -> None:
    local = run_sim(game, len(bots), 1, 12, bots, options)
    networked = await within(run_net_sim(game, len(bots), 1, 12, bots, options=options, stall=30.0), 120.0)
    assert networked.pop("net") is True
    assert networked == local
