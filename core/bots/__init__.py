"""Computer opponents every game shares (each game's own bots live in its package)."""
