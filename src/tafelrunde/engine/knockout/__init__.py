"""Format D, the Schocken knockout with lives and chips: facts in, state out (pure, no I/O).

Rules (formats.md, "Format D"), every number from `KnockoutRules` (preset `schocken-ko`):

- A player is registered (refused after the deadline unless overridden, and once the main
  bracket has reached its final table), pays the entry fee (and checks in when the ruleset
  asks for it), and then waits in the main bracket's queue. Only waiting players are seated.
  The fees of all present players can be marked in one fact (`PayFees`); a fee mark can be
  taken back (`TakeBackFee`) until the player has been seated.
- The hall has `HallTables` physical tables (not limited until set; changeable at any time,
  but never below the number of a table still playing). A new table takes the lowest hall
  number no open table uses ("Tisch 7"); with all in use, no table opens and the waiting
  players wait (the next step says so).
- At a new table a player gets fresh chips (2, grand final 3; option: carry over within a
  bracket). Each game's one loser hands in a chip; without chips he leaves the table and
  loses a life: with lives left he joins the consolation queue, with none he is out.
- A table plays until only `survivors` (2) remain; they return to their bracket's queue.
- Suggestions: the main bracket's first round seats all waiting players (plan_tables);
  later, tables of 4 as soon as 4 wait. When nobody can arrive from outside a bracket
  (main: nobody registered still lacks fee or check-in; consolation: the main bracket is
  over), the waiting players are split with plan_tables (5 waiting: a 4-table, one waits).
  A table that seats all of a closed bracket's players while no other of its tables is
  open is the bracket's final table.
- A bracket is over when nobody can arrive, none of its tables is open and at most
  `survivors` players wait: they qualify for the grand final. So a bracket left with 1 or 2
  players qualifies them without a table, and an empty consolation bracket qualifies none.
- Rule choice (`grand_final.fill`): with fewer qualifiers than the grand final's size,
  "latest_eliminated" (default) fills it with the players eliminated last, who are the
  best ranked of the eliminated anyway; "none" plays the grand final with fewer players
  (one qualifier alone is the winner).
- Grand final: exactly the finalists, 3 chips, no lives; the order of leaving gives the
  last places, the one left at the end wins. Below them: the later eliminated, the better.
- Sharp play: a game starting `sharp_after_minutes` (15) after its table opened is played
  over a single half (`is_sharp`), not in the grand final.
- Game losers entered at the table (ruleset `confirmation`: "table", "none", "organiser";
  engine/confirmation.py): a player of an open table enters the loser of its current game
  (`TableLoserEntered`), another player confirms it (`TableLoserConfirmed`), a disputed game
  is decided by the staff (`TableLoserDecided`); only a settled loser counts, exactly as a
  `GameLost` of the staff would, and a staff `GameLost` settles the game (table_entry.py).
- After the winner only corrections, undos and donations are accepted. A refused fact
  raises `RuleError` (German and English) and changes nothing.
"""

from tafelrunde.engine.knockout.facts import (
    CheckIn,
    Donation,
    GameLost,
    HallTables,
    KnockoutFact,
    OpenTable,
    PayFee,
    PayFees,
    Register,
    SchockOut,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    TakeBackFee,
    Undo,
    Withdraw,
)
from tafelrunde.engine.knockout.ko_file import KnockoutTournament
from tafelrunde.engine.knockout.model import PlayerState, Status, TableState
from tafelrunde.engine.knockout.results import (
    RankRow,
    donation_total,
    fees_total,
    prize_winners,
    ranking,
    schock_out_counts,
    schock_out_kings,
)
from tafelrunde.engine.knockout.rules import Bracket, KnockoutRules
from tafelrunde.engine.knockout.rules_file import (
    knockout_rules_from_dict,
    knockout_rules_from_toml,
)
from tafelrunde.engine.knockout.state import KnockoutState, replay
from tafelrunde.engine.knockout.steps import Step, StepKind, next_steps, suggested_tables

__all__ = [
    "Bracket",
    "CheckIn",
    "Donation",
    "GameLost",
    "HallTables",
    "KnockoutFact",
    "KnockoutRules",
    "KnockoutState",
    "KnockoutTournament",
    "OpenTable",
    "PayFee",
    "PayFees",
    "PlayerState",
    "RankRow",
    "Register",
    "SchockOut",
    "Status",
    "Step",
    "StepKind",
    "TableLoserConfirmed",
    "TableLoserDecided",
    "TableLoserEntered",
    "TableState",
    "TakeBackFee",
    "Undo",
    "Withdraw",
    "donation_total",
    "fees_total",
    "knockout_rules_from_dict",
    "knockout_rules_from_toml",
    "next_steps",
    "prize_winners",
    "ranking",
    "replay",
    "schock_out_counts",
    "schock_out_kings",
    "suggested_tables",
]
