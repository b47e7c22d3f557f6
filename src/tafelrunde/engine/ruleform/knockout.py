"""The parameters of a format-D ruleset (Schocken knockout), in groups."""

from __future__ import annotations

from functools import partial

from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.engine.knockout.rules_file import MAX_AMOUNT
from tafelrunde.engine.knockout.rules_text import CONFIRMATION_WORDS, rule_item_map
from tafelrunde.engine.limits import MAX_CHIPS, MAX_LIVES, MAX_MINUTES, MAX_PRIZES, MAX_TABLE_SIZE
from tafelrunde.engine.ruleform.params import Group, Param, Section
from tafelrunde.engine.ruleset import named
from tafelrunde.i18n import Message, Text, msg

FILL = (
    ("latest_eliminated", msg("fill up with the latest eliminated")),
    ("none", msg("do not fill up")),
)
CONFIRMATION: tuple[tuple[str, Text], ...] = tuple(CONFIRMATION_WORDS.items())
p = partial(Param, stage=None)


def _lines(r: KnockoutRules, *keys: str) -> tuple[Text, ...]:
    """The readable rule lines ('Entry fee: 10 €') of some of the ruleset's items."""
    items = rule_item_map(r)
    return tuple(msg("{label}: {value}", label=items[k][0], value=items[k][1]) for k in keys)


def _chips(what: str, label: Message, value: int) -> Param:
    """The fresh chips at a table of one bracket."""
    rule = msg("Fresh chips at every new table.")
    return p(("chips", what), "whole", label, rule, value, low=1, high=MAX_CHIPS)


def _groups(r: KnockoutRules) -> tuple[Group, ...]:
    """Every parameter of format D."""
    return (
        Group(msg("Names"), (named(r.name, r.name_en),), (
            p(("name",), "line", msg("Name of the ruleset"), msg("Shown with the tournament."),
              r.name),
            p(("name_en",), "line", msg("English name"), msg("Empty: the German name."),
              r.name_en),
            p(("description",), "text", msg("Description"),
              msg("The rules in words, for the players."), r.description),
        )),
        Group(msg("Registration"), _lines(r, "times", "fee", "check_in"), (
            p(("registration", "admission"), "time", msg("Admission"),
              msg("From this time players can register."), r.admission),
            p(("registration", "deadline"), "time", msg("Registration deadline"),
              msg("Later only by the organiser. Admission ≤ deadline ≤ start."), r.deadline),
            p(("registration", "start"), "time", msg("Start"),
              msg("The first tables open."), r.start),
            p(("registration", "check_in"), "flag", msg("Check-in needed"),
              msg("Players check in before they are seated."), r.check_in),
            p(("registration", "entry_fee"), "money", msg("Entry fee"),
              msg("In euros, 0 to {high} with at most 2 decimals.", high=MAX_AMOUNT),
              r.entry_fee, low=0, high=MAX_AMOUNT),
        )),
        Group(msg("Lives and chips"), _lines(r, "lives", "chips", "carry_over"), (
            p(("lives",), "whole", msg("Lives"),
              msg("Lives of every player; with the last one he plays in the consolation "
                  "bracket."), r.lives, low=1, high=MAX_LIVES),
            _chips("main", msg("Chips in the main bracket"), r.chips_main),
            _chips("consolation", msg("Chips in the consolation bracket"), r.chips_consolation),
            _chips("grand_final", msg("Chips in the grand final"), r.chips_final),
            p(("chips", "carry_over"), "flag", msg("Chips carry over"),
              msg("Chips left go to the next table of the same bracket."), r.chips_carry_over),
        )),
        Group(msg("Tables"), _lines(r, "tables", "survivors"), (
            p(("tables", "prefer"), "whole", msg("Preferred table size"),
              msg("As many tables of this size as possible."), r.tables.prefer, low=2,
              high=MAX_TABLE_SIZE),
            p(("tables", "allow"), "sizes", msg("Other allowed sizes"),
              msg("Only where the players do not fit the preferred size."), r.tables.allow),
            p(("tables", "survivors"), "whole", msg("A table plays until this many remain"),
              msg("Fewer than the smallest table seats."), r.survivors, low=1,
              high=MAX_TABLE_SIZE),
        )),
        Group(msg("Grand final"), _lines(r, "final"), (
            p(("grand_final", "size"), "whole", msg("Players in the grand final"),
              msg("At least twice the survivors."),
              r.final_size, low=2, high=MAX_TABLE_SIZE),
            p(("grand_final", "fill"), "choice", msg("Too few qualifiers"),
              msg("When fewer qualify than the grand final seats."), r.final_fill,
              options=FILL),
        )),
        Group(msg("Sharp play"), _lines(r, "sharp"), (
            p(("sharp_play", "after_minutes"), "whole", msg("Sharp after … minutes"),
              msg("A game starting this long after its table opened is played over a single "
                  "half."),
              r.sharp_after_minutes, low=0, high=MAX_MINUTES),
            p(("sharp_play", "in_grand_final"), "flag", msg("Also in the grand final"),
              msg("Otherwise the grand final is never sharp."), r.sharp_in_final),
        )),
        Group(msg("Results at the table"), _lines(r, "confirmation"), (
            p(("confirmation",), "choice", msg("Game losers entered at the table"),
              msg("Who confirms a game loser a player of the table entered through the table "
                  "link; entries of the organisers and referees count at once."),
              r.confirmation, options=CONFIRMATION),
        )),
        Group(msg("Schock out"), _lines(r, "donation"), (
            p(("schock_out", "donation"), "money", msg("Donation per Schock aus"),
              msg("In euros, for the Schock-Aus-König (0 to {high}).", high=MAX_AMOUNT),
              r.donation, low=0, high=MAX_AMOUNT),
        )),
        Group(msg("Prizes"), _lines(r, "prizes"), (
            p(("prizes", "places"), "lines", msg("Prizes by place"),
              msg("One a line, place 1 first (at most {high}).", high=MAX_PRIZES), r.prizes,
              high=MAX_PRIZES),
        )),
    )  # fmt: skip


def knockout_sections(r: KnockoutRules) -> list[Section]:
    """Every parameter of a format-D ruleset, as one section."""
    return [Section("general", msg("Rules"), _groups(r))]
