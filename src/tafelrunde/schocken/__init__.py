"""The dice game Schocken: hands, rounds, halves, games, variants and bots."""
