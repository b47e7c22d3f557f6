"""The group family (formats A–C and a club's rulesets of that shape): tables of 3 or 4 play
games in stages; points, ranks and roll-offs decide who goes on."""
