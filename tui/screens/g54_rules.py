"""The G54 rules screen: the five roles of this game in full first, then how G54 plays (before a game, how it plays
first, then all 25 roles)."""

from __future__ import annotations

from importlib.resources import files

from core.cards.g54.roles import GROUPS, PER_GROUP, ROLE_LIST, ROLES

DECISIONS = "## Decisions where the sources disagree"


def role_line(name: str, number: int | None = None) -> str:
    """'**1. Banker** (Finance) — Take 3 coins. *Cannot be blocked.*'"""
    role = ROLES[name]
    key = f"{number}. " if number is not None else ""
    advanced = ", advanced" if role.advanced else ""
    block = f"*Block:* {role.block}" if role.block else "*Cannot be blocked.*"
    return f"- **{key}{name}** ({role.group}{advanced}) — {role.action} {block}"


def roles_markdown(roles: tuple[str, ...]) -> str:
    """The roles in play with their keys; with none yet, all 25 by group."""
    if roles:
        lines = ["## The five roles in this game", ""]
        lines += [role_line(name, number) for number, name in enumerate(roles, start=1)]
        return "\n".join(lines) + "\n"
    lines = ["## The 25 roles", "", "Five are in play in each game:"]
    lines.append(", ".join(f"{count} {group}" for group, count in PER_GROUP.items()) + ".")
    for group in GROUPS:
        lines += ["", f"### {group}", ""]
        lines += [role_line(role.name) for role in ROLE_LIST if role.group == group]
    return "\n".join(lines) + "\n"


def g54_rules_text(roles: tuple[str, ...]) -> str:
    """The whole G54 rules text, for the rules screen: at a table the five roles in play first (what a player looks
    up), before a game how G54 plays first (the 25 roles after it, then the decisions on the sources' gaps)."""
    how, decisions = files("tui").joinpath("rules_g54.md").read_text().split(DECISIONS)
    parts = [roles_markdown(roles), how] if roles else [how, roles_markdown(roles) + "\n"]
    return "\n".join(["# Coup: Rebellion G54\n", *parts]) + DECISIONS + decisions
