"""The projector's addresses (everyone may open them): the page and its slides alone."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.live import projector

T = "turniere/<int:pk>/"

projector_urls = [
    path(T + "beamer/", projector.projector, name="projector"),
    path(T + "beamer/folien/", projector.slides, name="projector-slides"),
]
