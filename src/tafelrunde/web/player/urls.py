"""The addresses of the players' own pages: the pass."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.player import cards_view, signup_views, views

urlpatterns = [
    path("pass/<str:token>/", views.pass_page, name="player-pass"),
    path("personen/mitgliedskarten/", cards_view.member_cards, name="member-cards"),
    path("turniere/<int:pk>/mitspielen/", signup_views.sign_up_page, name="sign-up"),
    path("personen/<int:person>/pass-erneuern/", cards_view.renew_card, name="member-card-renew"),
]
