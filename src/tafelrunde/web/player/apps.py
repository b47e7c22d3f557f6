"""The players' own pages: each player's pass ("Mein Platz") and the desk's check-in."""

from __future__ import annotations

from django.apps import AppConfig


class PlayerConfig(AppConfig):
    """The players' own pages: each player's pass ("Mein Platz") and the desk's check-in."""

    name = "tafelrunde.web.player"
    label = "player"

    def ready(self) -> None:
        """Add the passes' print pages to the print menu; tell the outbox how a pass's link
        is made."""
        from tafelrunde.i18n import msg
        from tafelrunde.web.core.mailer import register_link
        from tafelrunde.web.paper.kinds import register
        from tafelrunde.web.paper.parts import Kind
        from tafelrunde.web.player.pass_mail import ABOUT, pass_path
        from tafelrunde.web.player.prints import member_cards_part, slips_part

        register_link(ABOUT, pass_path)
        register(Kind("spielerpaesse", msg("Player slips"),
                      msg("A slip per player with the QR code of their pass (21 per page, to cut "
                          "apart): the pass shows where they sit, what to do and their results."),
                      slips_part))  # fmt: skip
        register(Kind("mitgliedskarten", msg("Member cards"),
                      msg("Credit-card-sized cards with the club's name and logo for the club "
                          "members among the players: their pass works in every tournament."),
                      member_cards_part))  # fmt: skip
