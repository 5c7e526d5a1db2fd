"""Benchmarks of the engine and the bots: `python -m bench`."""
