"""Helpers of the projector's browser tests: tournaments as a hall sees them, and opening the
projector at a screen size (a test of live updates opens it the same way)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.utils import timezone
from playwright.sync_api import Page, expect

from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, record, rolled_by_software
from tafelrunde.engine.groups.entries import Spot, Values
from tafelrunde.engine.groups.facts import TableEntered
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import GameLost, HallTables
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, append, group_state, save_new
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


def at_table(pk: int, table: int, confirm: int = 0) -> int:
    """Through a table's link (game 1): its first player enters a result (not confirmed yet),
    or (`confirm`: the entry's number) its second player confirms it; the fact's number."""

    def change(tour: Any) -> int:
        state = group_state(tour)
        st = state.current
        assert st is not None
        spot, seats = Spot(st.key, 1, table), st.seated(1, table)
        if confirm:
            return entries.confirm_at_table(state, spot, seats[1], confirm, at=now(), by="Tisch",
                                            phone="b").n  # fmt: skip
        res = random_result(state, 1, table, random.Random(table))
        values = Values(scores=dict(res.scores), pips=dict(res.pips))
        return entries.enter_at_table(state, spot, seats[0], values, at=now(), by="Tisch",
                                      phone="a").n  # fmt: skip

    where = {"table": table, "word": "Durchgang", "game": 1}
    said = (msg("Result confirmed at table {table}, {word} {game}", **where) if confirm
            else msg("Result entered at table {table}, {word} {game}", **where))  # fmt: skip
    return append(pk, change, log=lambda n: Logged(said, fact=n))


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


LONG = (
    "Margarete Lehmann-Schwarzenberger", "Maximilian Alexander von Hohenberg-Schwarzenfels",
    "Hans-Jürgen Zimmermann", "Katharina von Bodelschwingh-Plettenberg", "Anna Lena",
    "Klaus-Dieter Müller-Lüdenscheidt", "Bo", "Friederike Oberhauser-Wittgenstein",
)  # fmt: skip


def long_names(n: int) -> str:
    """n player names, the long ones of a club's list again and again (numbered to differ)."""
    return "\n".join(f"{LONG[k % len(LONG)]}{'' if k < len(LONG) else f' {k // len(LONG) + 1}'}"
                     for k in range(n))  # fmt: skip


def long_group(preset: str, n: int, seed: int, until: str) -> int:
    """A format A–C tournament of long names, played by the engine until `until`: 'herzog'
    (a Herzog roll-off open at a table), 'standings' (results in, some missing) or 'end'."""
    title = "Großer Würfelabend des Spieleclubs Tafelrunde im Vereinsheim"
    tour = new_tournament(title, load_rules(preset), long_names(n), day=None, at=now(),
                          by="leitung")  # fmt: skip
    state = TournamentState(tour)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(2000):
        st = state.current
        if (
            until == "herzog"
            and st is not None
            and any(need.kind == st.rule.herzog for need in open_rolloffs(state))
        ):
            break
        if until == "standings" and st is not None and st.results and st.missing_results():
            break
        if not tie_step(state, rng):
            break
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


def tie_step(state: TournamentState, rng: random.Random) -> bool:
    """The next step an organiser does, with results that tie often; False when over."""
    if state.finished:
        return False
    st = state.current
    if st is not None and st.missing_results():
        game, table = st.missing_results()[0]
        res = random_result(state, game, table, rng)
        res = replace(res, scores={p: rng.choice((20, 21)) for p in res.scores},
                      pips={p: rng.choice((9, 10)) for p in res.pips})  # fmt: skip
        record(state, res, at=now(), by="leitung")
    elif st is not None and open_rolloffs(state):
        need = open_rolloffs(state)[0]
        record(state, rolled_by_software(need, seed=rng.randrange(2**31)), at=now(), by="x")
    else:
        record(state, next_draw(state, seed=rng.randrange(2**31)), at=now(), by="leitung")
    return True


def long_knockout(n: int, until: str) -> int:
    """Format D of long names, tables open 3 minutes ago, played until `until`: 'open' (the
    first tables of a hall of 5, a game lost at each, the others waiting), 'final' (the grand
    final open) or 'end'."""
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schocken-K.-o. des Spieleclubs Tafelrunde im Vereinsheim",
                          load_rules("schocken-ko"), long_names(n), day=day, at=now(),
                          by="leitung")  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in tour.state().players], at=now())
    if until == "open":  # a hall of 5 tables: the others wait in the queues
        record_all(tour, [HallTables(n=0, at=0, count=5)], at=now())
    opened = (timezone.localtime() - timedelta(minutes=3)).replace(microsecond=0).isoformat()
    for _ in range(2000):
        state = tour.state()
        if state.finished or (until == "final" and state.grand_final() is not None):
            break
        if not state.open_tables():
            record_all(tour, list(tables_to_open(state)), at=opened, by="leitung")
            if until == "open":  # a game lost at each table: chips spent
                lost = [GameLost(n=0, at=0, table=t.number, player=t.remaining[0])
                        for t in tour.state().open_tables()]  # fmt: skip
                record_all(tour, lost, at=opened, by="leitung")
                break
            continue
        table = state.open_tables()[0]
        lost = GameLost(n=0, at=0, table=table.number, player=table.remaining[0])
        record_all(tour, [lost], at=opened, by="leitung")
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


CUT_TEXT = """() => {
  // every element with text of its own on the slide shown and in the corner line: its text
  // (each line box) lies inside the screen and inside every box that clips it, and no box
  // that hides its overflow (or ends it with '…') is narrower than its content
  const cut = [];
  // a line's box is the font's full height, more than a tight line height: a quarter of it
  // may lie beyond a clipping box's top or foot (no glyph reaches there)
  const within = (r, c) => r.left >= c.left - 1 && r.right <= c.right + 1
                           && r.top + r.height / 4 >= c.top && r.bottom - r.height / 4 <= c.bottom;
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const shown = [...document.querySelectorAll('.slide:not([hidden]), .corner')];
  for (const root of shown) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.data.trim());
      const style = getComputedStyle(el);
      if (!el.getClientRects().length || style.clipPath !== 'none') continue;  // not shown
      const label = `${(el.textContent || '').trim().slice(0, 60)} <${el.className || el.tagName}>`;
      const ellipsis = style.textOverflow === 'ellipsis';
      if ((style.overflowX !== 'visible' || ellipsis) && el.scrollWidth > el.clientWidth + 1
          && (own.length || ellipsis)) {
        cut.push(`cut short: ${label} (${el.scrollWidth} > ${el.clientWidth} px)`);
        continue;
      }
      if (ellipsis) {
        cut.push(`ends with an ellipsis when too long: ${label}`);
        continue;
      }
      for (const node of own) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const clips = [screen];
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
            clips.push(a.getBoundingClientRect());
          }
        }
        for (const r of range.getClientRects()) {
          if (r.width && !clips.every(c => within(r, c))) {
            cut.push(`outside its box or the screen: ${label}`);
            break;
          }
        }
      }
    }
  }
  return cut;
}"""


def cut_texts(page: Page) -> list[str]:
    """Every slide shown in turn: the texts cut (by a box that hides its overflow, an ellipsis
    or the screen's edge), each as 'slide: what'."""
    keys = page.locator(".slide").evaluate_all("s => s.map(x => x.dataset.slideKey)")
    found = []
    for key in keys:
        page.evaluate(
            "k => document.querySelectorAll('.slide')"
            ".forEach(s => { s.hidden = s.dataset.slideKey !== k; })",
            key,
        )
        found += [f"{key}: {what}" for what in page.evaluate(CUT_TEXT)]
    return found


SPENT_CONTRAST = """() => {
  // the contrast of the first spent chip ('○') against its card, as WCAG reckons it
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => {
    const [r, g, b] = rgb(c).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const spent = document.querySelector('.chips .spent');
  const card = spent.closest('.card');
  const [a, b] = [lum(getComputedStyle(spent).color), lum(getComputedStyle(card).backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def spent_contrast(page: Page, theme: str) -> float:
    """The contrast of a spent chip against its card in a theme (the class the page sets)."""
    page.evaluate(
        "t => { document.body.classList.remove('theme-light', 'theme-dark');"
        " document.body.classList.add('theme-' + t); }",
        theme,
    )
    return float(page.evaluate(SPENT_CONTRAST))
