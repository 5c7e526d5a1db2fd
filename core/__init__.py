"""Game engines, records and bots: pure, deterministic, no I/O."""
