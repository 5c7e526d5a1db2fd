"""The 1992 Coup wargame: government against rebels on a hex map (engine, rules, moves and views)."""
