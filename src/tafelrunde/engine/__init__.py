"""Pure tournament rules: tables, draws, scoring, standings, advancing, rulesets, formats."""
