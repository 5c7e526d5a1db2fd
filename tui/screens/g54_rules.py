"""The G54 rules screen: the five roles of this game in full first (or all 25 before a game), then how G54 plays."""

from __future__ import annotations

from importlib.resources import files

from core.cards.g54.roles import GROUPS, PER_GROUP, ROLE_LIST, ROLES


def role_line(name: str, number: int | None = None) -> str:
    """'**1. Banker** (Finance) — Take 3 coins. *Cannot be blocked.*'"""
    role = ROLES[name]
    key = f"{number}. " if number is not None else ""
    advanced = ", advanced" if role.advanced else ""
    block = f"*Block:* {role.block}" if role.block else "*Cannot be blocked.*"
    return f"- **{key}{name}** ({role.group}{advanced}) — {role.action} {block}"


def roles_markdown(roles: tuple[str, ...]) -> str:
    """The roles in play with their keys; with none yet, all 25 by group."""
    lines = ["# Coup: Rebellion G54", ""]
    if roles:
        lines += ["## The five roles in this game", ""]
        lines += [role_line(name, number) for number, name in enumerate(roles, start=1)]
        return "\n".join(lines) + "\n"
    lines += ["## The 25 roles", "", "Five are in play in each game:"]
    lines.append(", ".join(f"{count} {group}" for group, count in PER_GROUP.items()) + ".")
    for group in GROUPS:
        lines += ["", f"### {group}", ""]
        lines += [role_line(role.name) for role in ROLE_LIST if role.group == group]
    return "\n".join(lines) + "\n"


def g54_rules_text(roles: tuple[str, ...]) -> str:
    """The whole G54 rules text, for the rules screen."""
    return roles_markdown(roles) + "\n" + files("tui").joinpath("rules_g54.md").read_text()
