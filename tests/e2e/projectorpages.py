"""Helpers of the projector's browser tests: tournaments as a hall sees them, and opening the
projector at a screen size (a test of live updates opens it the same way)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from tafelrunde.engine.actions import next_draw, record
from tafelrunde.engine.knockout import KnockoutTournament, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
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


def knockout(n: int, minutes_ago: int = 0) -> int:
    """Format D of n paid players, its first tables opened `minutes_ago`; its number."""
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schocken-K.-o. im Vereinsheim", load_rules("schocken-ko"), people(n),
                          day=day, at=now(), by="leitung")  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    ids = list(tour.state().players)
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=now(), by="leitung")
    opened = timezone.localtime() - timedelta(minutes=minutes_ago)
    record_all(tour, list(tables_to_open(tour.state())),
               at=opened.replace(microsecond=0).isoformat(), by="leitung")  # fmt: skip
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


def choose(pk: int, kinds: list[str], seconds: int = 12, theme: str = "dark") -> None:
    """Store the organisers' choice for the tournament's projector."""
    ProjectorSettings.objects.update_or_create(
        tournament_id=pk, defaults={"kinds": kinds, "seconds": seconds, "theme": theme}
    )


def open_projector(page: Page, base: str, pk: int, width: int = 1920, height: int = 1080) -> None:
    """Open the projector of a tournament at a screen size and wait for its first slide."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/turniere/{pk}/beamer/")
    expect(page.locator(".slide:not([hidden])")).to_have_count(1)


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
