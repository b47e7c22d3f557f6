"""Helpers of the projector's browser tests: tournaments as a hall sees them, and opening the
projector at a screen size (a test of live updates opens it the same way)."""

from __future__ import annotations

import random
import re
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from tafelrunde.engine.actions import next_draw, record
from tafelrunde.engine.facts import TableEntered
from tafelrunde.engine.knockout import KnockoutTournament, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.live.models import ProjectorSettings

NAMES = (
    "Anna Müller", "Bernd Straße", "Clara Öztürk", "Dieter Weiß", "Émile Zola", "Frieda Kühn",
    "Günter Groß", "Hanna Schäfer", "Ingo Meier", "Jana Mayer", "Klaus Müller-Lüdenscheidt",
    "Lena Fuchs", "Maximilian Alexander von Hohenberg-Schwarzenfels", "Nora Nußbaum",
)  # fmt: skip


def now() -> str:
    """The time of an entry, as the pages record it."""
    return timezone.localtime().replace(microsecond=0).isoformat()


def people(n: int) -> str:
    """n player names: real-looking ones first (long ones among them), then numbered ones."""
    more = [f"Spieler {k:02d}" for k in range(1, n - len(NAMES) + 1)]
    return "\n".join([*NAMES, *more][:n])


def drawn_group(n: int, preset: str = "gruppenmodus") -> int:
    """A format A–C tournament of n players with its first game drawn; its number."""
    tour = new_tournament("Würfelabend im Vereinsheim", load_rules(preset), people(n), day=None,
                          at=now(), by="leitung")  # fmt: skip
    state = TournamentState(tour)  # type: ignore[arg-type]
    record(state, next_draw(state, seed=7), at=now(), by="leitung")
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


def hall_group(n: int, preset: str = "gruppenmodus") -> int:
    """Like `drawn_group`, with every state on the tables: every third table entered through
    its link, every third disputed, every third confirmed (the longest state words)."""
    tour = new_tournament("Würfelabend im Vereinsheim", load_rules(preset), people(n), day=None,
                          at=now(), by="leitung")  # fmt: skip
    state = TournamentState(tour)  # type: ignore[arg-type]
    record(state, next_draw(state, seed=7), at=now(), by="leitung")
    st = state.current
    assert st is not None
    for table in range(1, len(st.tables(1) or ()) + 1):
        res = random_result(state, 1, table, random.Random(table))
        seats = st.seat_order(1, table)
        for k in range(table % 3):  # 0: open, 1: entered, 2: two different versions
            other = random_result(state, 1, table, random.Random(table + 100 * k))
            said = other if k else res
            fact = TableEntered(n=0, stage=said.stage, game=1, table=table, player=seats[k],
                                scores=said.scores, pips=said.pips, places=said.places)  # fmt: skip
            record(state, fact, at=now(), by="")
        if table % 4 == 3:
            record(state, res, at=now(), by="leitung")  # confirmed by the organisers
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


def knockout(n: int, minutes_ago: int = 0, seconds_ago: int = 0) -> int:
    """Format D of n paid players, its first tables opened `minutes_ago` (and `seconds_ago`);
    its number."""
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schocken-K.-o. im Vereinsheim", load_rules("schocken-ko"), people(n),
                          day=day, at=now(), by="leitung")  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    ids = list(tour.state().players)
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=now(), by="leitung")
    opened = timezone.localtime() - timedelta(minutes=minutes_ago, seconds=seconds_ago)
    record_all(tour, list(tables_to_open(tour.state())),
               at=opened.replace(microsecond=0).isoformat(), by="leitung")  # fmt: skip
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


def choose(pk: int, kinds: list[str], seconds: int = 12, theme: str = "dark") -> None:
    """Store the organisers' choice for the tournament's projector."""
    ProjectorSettings.objects.update_or_create(
        tournament_id=pk, defaults={"kinds": kinds, "seconds": seconds, "theme": theme}
    )


def open_projector(page: Page, base: str, pk: int, width: int = 1920, height: int = 1080) -> None:
    """Open the projector of a tournament at a screen size and wait for its first slide and
    its first fetch of the slides (which tells it the server's time: the clock shows)."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/turniere/{pk}/beamer/")
    expect(page.locator(".slide:not([hidden])")).to_have_count(1)
    expect(page.locator("#projector-clock")).to_have_text(re.compile(r"^\d\d:\d\d$"))


def card_faults(page: Page) -> list[str]:
    """Every slide shown in turn: the cards whose content overflows them (in height or
    width) or that do not lie within the slide on the screen; each as 'slide: card'."""
    return list(page.evaluate(
        """() => {
          const bad = [];
          const all = [...document.querySelectorAll('.slide')];
          const was = all.map(s => s.hidden);
          for (const s of all) {
            all.forEach(o => { o.hidden = o !== s; });
            const foot = Math.min(s.getBoundingClientRect().bottom, innerHeight) + 0.5;
            s.querySelectorAll('.card').forEach((c, i) => {
              const r = c.getBoundingClientRect();
              if (c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1
                  || r.top < 0 || r.left < 0 || r.right > innerWidth + 0.5 || r.bottom > foot) {
                bad.push(`${s.dataset.slideKey}: ${i + 1} (${Math.round(r.height)} px high, `
                         + `needs ${c.scrollHeight}, bottom ${Math.round(r.bottom)})`);
              }
            });
            const board = s.querySelector('.board');
            const edge = Math.min(s.getBoundingClientRect().right, innerWidth) + 0.5;
            if (board && (board.getBoundingClientRect().bottom > foot
                          || board.getBoundingClientRect().right > edge)) {
              bad.push(`${s.dataset.slideKey}: the table goes beyond the slide`);
            }
          }
          all.forEach((s, i) => { s.hidden = was[i]; });
          return bad;
        }"""
    ))  # fmt: skip


def shown_key(page: Page) -> str:
    """The key of the slide on show."""
    return str(page.locator(".slide:not([hidden])").get_attribute("data-slide-key"))


def overflowing(page: Page) -> list[str]:
    """The slides (each shown in turn) whose content does not fit the screen."""
    return list(page.evaluate(
        """() => {
          const bad = [];
          const all = [...document.querySelectorAll('.slide')];
          const was = all.map(s => s.hidden);
          for (const s of all) {
            all.forEach(o => { o.hidden = o !== s; });
            const parts = [s, ...s.querySelectorAll('.card, .seating, .board, .queues')];
            if (parts.some(p => p.scrollHeight > p.clientHeight + 1
                           || p.getBoundingClientRect().bottom > innerHeight - 5)) {
              bad.push(s.dataset.slideKey);
            }
          }
          all.forEach((s, i) => { s.hidden = was[i]; });
          return bad;
        }"""
    ))  # fmt: skip
