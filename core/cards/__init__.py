"""The card games (Coup, and later Reformation and G54) on one window-based engine."""
