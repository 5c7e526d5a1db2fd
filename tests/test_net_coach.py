"""A host table allows the coach only when made so: the create request's coach flag, refused unless true or false,
shown in the lobby, told to whoever joins, and kept by the journal across a restart of the host."""

from __future__ import annotations

from pathlib import Path

from tests.net_helpers import RawPeer, running_host


async def test_a_table_allows_the_coach_only_when_made_so(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ann, ben = [await RawPeer.greeted(port, name) for name in ("Ann", "Ben")]
        refused = await ann.request({"type": "create", "players": 2, "coach": "yes"})
        assert refused["type"] == "error" and refused["code"] == "bad_request"
        plain = (await ann.request({"type": "create", "players": 2}))["table"]
        assert plain["coach"] is False
        assert (await ben.request({"type": "join", "table": plain["id"]}))["coach"] is False
        coached = (await ann.request({"type": "create", "players": 2, "coach": True}))["table"]
        assert coached["coach"] is True
        assert (await ann.request({"type": "join", "table": coached["id"]}))["coach"] is True
        assert (await ann.request({"type": "fill", "table": coached["id"], "level": "rule"}))["type"] == "tables"
        assert (await ann.request({"type": "start", "table": coached["id"]}))["type"] == "ok"
        table_id = coached["id"]
    async with running_host(tmp_path) as (host, port):
        assert host.tables[table_id].coach is True
