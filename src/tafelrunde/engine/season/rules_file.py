"""Read and validate a season ruleset file (TOML); every mistake names its field and the reason."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tafelrunde.engine.choices import CountMode, PointSource, SeasonTie
from tafelrunde.engine.key_reader import Keys
from tafelrunde.engine.rule_keys import allowed, under
from tafelrunde.engine.season.rules import Counting, Points, SeasonRules
from tafelrunde.engine.toml_reader import TableReader, read_toml
from tafelrunde.i18n import msg

USES = {  # the keys of [count] each mode reads (the others are refused with it)
    CountMode.ALL: (),
    CountMode.BEST: ("count.n",),
    CountMode.ALL_BUT_WORST: ("count.n",),
    CountMode.AVERAGE: ("count.min_evenings", "count.below_minimum"),
}


def _points(keys: Keys) -> Points:
    """Read `[points]`: the source and, for the place table, the table and `beyond`."""
    source = keys.value("points.from")
    if source != PointSource.PLACE_TABLE:
        for k in under("season", "points")[1:]:
            if keys.given(k.dotted):
                raise keys.fail(k.dotted, msg('only with from = "place_table".'))
        return Points(source, ())  # no place table
    table = tuple(Fraction(v) for v in keys.value("points.table"))
    beyond = Fraction(keys.value("points.beyond"))
    if beyond > table[-1]:
        raise keys.fail("points.beyond", msg("must not be more than the table's last value."))
    return Points(source, table, beyond)


def _counting(keys: Keys) -> Counting:
    """Read `[count]`: the mode and its number (n or min_evenings)."""
    mode = keys.value("count.mode")
    for k in under("season", "count")[1:]:
        if keys.given(k.dotted) and k.dotted not in USES[mode]:
            raise keys.fail(k.dotted, msg('not used with mode = "{mode}".', mode=mode))
    n = keys.value("count.n")
    if n is None and "count.n" in USES[mode]:
        raise keys.fail("count.n", msg("is missing."))
    return Counting(
        mode,
        n=n,
        min_evenings=keys.value("count.min_evenings"),
        below_minimum=keys.value("count.below_minimum"),
    )


def season_rules_from_dict(data: Mapping[str, Any]) -> SeasonRules:
    """Validate a parsed season ruleset and build it."""
    keys = Keys(TableReader(data, "", allowed("season")), "season")
    keys.value("schema")
    fields = keys.plain()
    ties = fields["ties"]
    if not ties or ties[-1] != SeasonTie.SHARED:  # the tie rules end with the shared place
        raise keys.fail("ties", msg('the last entry must be "shared".'))
    return SeasonRules(
        points=_points(keys),
        count=_counting(keys),
        source=copy.deepcopy(dict(data)),
        **fields,
    )


def season_rules_from_toml(text: str, *, origin: str = "season ruleset") -> SeasonRules:
    """Parse TOML text and validate it as a season ruleset; a written one names its layout
    (`schema = 1`, see docs/seasons.md), a stored one may predate that rule."""
    data = read_toml(text, origin=origin)
    keys = Keys(TableReader(data, "", allowed("season")), "season")
    if not keys.given("schema"):
        raise keys.fail("schema", msg("is missing."))
    return season_rules_from_dict(data)
