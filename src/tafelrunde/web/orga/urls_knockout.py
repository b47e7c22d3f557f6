"""The addresses of a format-D tournament's pages (below turniere/<pk>/)."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.orga.views import knockout
from tafelrunde.web.orga.views import ko_actions as act

urlpatterns = [
    path("anmeldung/", knockout.players, name="ko-players"),
    path("anmeldung/neu/", act.register, name="ko-register"),
    path("anmeldung/alle-bezahlt/", act.pay_everybody, name="ko-pay-all"),
    path("anmeldung/<str:kind>/", act.mark, name="ko-mark"),
    path("ko-tische/", knockout.tables, name="ko-tables"),
    path("ko-tische/eroeffnen/", act.open_suggested, name="ko-open"),
    path("ko-tische/von-hand/", act.open_by_hand, name="ko-open-hand"),
    path("ko-tische/halle/", act.hall, name="ko-hall"),
    path("ko-tische/<int:table>/verloren/", act.lost, name="ko-lost"),
    path("ko-tische/<int:table>/korrektur/", act.correct, name="ko-correct"),
    path("ko-tische/schock-aus/", act.schock_out, name="ko-schock-out"),
    path("ko-tische/spende/", act.donate, name="ko-donate"),
    path("ko-tische/zuruecknehmen/", act.undo, name="ko-undo"),
]
