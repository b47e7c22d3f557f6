"""The addresses of the players' own pages: the pass."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.player import cards_view, views

urlpatterns = [
    path("pass/<str:token>/", views.pass_page, name="player-pass"),
    path("personen/mitgliedskarten/", cards_view.member_cards, name="member-cards"),
    path("personen/<int:person>/pass-erneuern/", cards_view.renew_card, name="member-card-renew"),
]
