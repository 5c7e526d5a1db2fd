"""Everything that crosses a process boundary: tables with their bots and timers, host, wire, client."""
